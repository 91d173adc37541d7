// The medic's view of one patient (SPEC §2 "Patient detail (medic)"): loading, then either the
// error state or the record: the name with the record's actions (edit, new appointment, print,
// export) in one toolbar, the clinical summary strip, today's consultation while it is open, then the
// whole record in collapsible sections, each editable where the spec says so. Appointments, vital
// signs and lab results come newest first as far as the record carries them, the older on request.
// Under emergency access (API.md) a banner says so and every section is read-only: the server would
// refuse any change, so none is offered.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Spinner } from '../components/spinner';
import { DocumentsSection } from '../features/documents/documents-section';
import { FhirDownloadButton } from '../features/fhir/fhir-download-button';
import { medicFhirExportUrl } from '../features/fhir/fhir-export-urls';
import { PrintLink } from '../features/print/print-link';
import { EmergencyBanner } from '../features/record/emergency-banner';
import { allergiesConfig } from '../features/record/allergies';
import { AppointmentHistorySection } from '../features/record/appointment-history-section';
import { ClinicalSummaryStrip } from '../features/record/clinical-summary-strip';
import { CollectionSection } from '../features/record/collection-section';
import { contactsConfig } from '../features/record/contacts';
import { DemographicsSection } from '../features/record/demographics-section';
import { familyHistoryConfig } from '../features/record/family-history';
import { InsuranceSection } from '../features/record/insurance-section';
import { LabsSection } from '../features/record/labs-section';
import { LifestyleSection } from '../features/record/lifestyle-section';
import { LoadMore } from '../features/record/load-more';
import { pathologicalRecordsConfig } from '../features/record/pathological-records';
import { PatientSummaryCard } from '../features/record/patient-summary-card';
import { PhysicalSection } from '../features/record/physical-section';
import { RecordActions } from '../features/record/record-actions';
import { TodayConsultation } from '../features/record/today-consultation';
import { useLongList } from '../features/record/use-long-list';
import { useNewAppointment } from '../features/record/use-new-appointment';
import { vaccinesConfig } from '../features/record/vaccines';
import { vitalsConfig } from '../features/record/vitals';
import { VitalsTrendsSection } from '../features/vitals-trends/vitals-trends-section';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
// In this order: a document's row is a record item whose rules it then adjusts.
import '../features/record/patient-detail.css';
import '../features/record/record-sections.css';
import '../features/record/appointments.css';
import '../features/record/appointment-note.css';
import '../features/documents/documents.css';

export function PatientDetailPage() {
  const { t } = useTranslation(['record', 'common']);
  const { id } = useParams<{ id: string }>();
  const idPatient = Number(id);
  const validId = Number.isInteger(idPatient) && idPatient > 0;
  const detail = trpc.medics.patientDetail.useQuery({ idPatient }, { enabled: validId });
  const patient = detail.data?.patient;
  useDocumentTitle(patient ? `${patient.name} ${patient.lname}` : t('common:titles.patient'));
  // Held here because the toolbar opens what lives further down: the patient's form, the appointment form.
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const newAppointment = useNewAppointment();
  // The record carries the newest of its long lists; these add the older pages on request.
  const owner = { idPatient };
  const data = detail.data;
  const history = useLongList(owner, 'history', data && { items: data.history, total: data.historyTotal, nextCursor: data.historyNextCursor });
  const vitals = useLongList(owner, 'vitals', data && { items: data.vitals, total: data.vitalsTotal, nextCursor: data.vitalsNextCursor });
  const labs = useLongList(owner, 'labs', data && { items: data.labs, total: data.labsTotal, nextCursor: data.labsNextCursor });

  if (!validId || detail.isError) return <LoadError />;
  if (!detail.data) return <Spinner />;
  const record = detail.data;
  const readOnly = record.emergencyAccess !== null;

  return (
    <div className="patient-detail">
      {record.emergencyAccess && <EmergencyBanner access={record.emergencyAccess} />}
      <PatientSummaryCard
        detail={record}
        editing={editing && !readOnly}
        onEditDone={() => {
          setEditing(false);
          editButton.current?.focus();
        }}
        actions={
          <RecordActions
            readOnly={readOnly}
            editing={editing}
            onEdit={() => setEditing(true)}
            onNewAppointment={newAppointment.reveal}
            editButtonRef={editButton}
          >
            <PrintLink href={`/medic/patient/${idPatient}/print`} />
            <FhirDownloadButton url={medicFhirExportUrl(idPatient)} labelKey="exportButton" />
          </RecordActions>
        }
      >
        <ClinicalSummaryStrip detail={record} />
      </PatientSummaryCard>
      {!readOnly && <TodayConsultation idPatient={idPatient} history={history.items} />}
      <div className="patient-detail__sections">
        <DemographicsSection detail={record} />
        <PhysicalSection detail={record} />
        {record.insurance && <InsuranceSection insurance={record.insurance} />}
        <CollectionSection config={allergiesConfig} idPatient={idPatient} items={record.allergies} readOnly={readOnly} />
        <CollectionSection config={pathologicalRecordsConfig} idPatient={idPatient} items={record.pathologicalRecords} readOnly={readOnly} />
        <CollectionSection config={familyHistoryConfig} idPatient={idPatient} items={record.familyHistory} readOnly={readOnly} />
        <CollectionSection
          config={vitalsConfig}
          idPatient={idPatient}
          items={vitals.items}
          total={vitals.total}
          readOnly={readOnly}
          more={<LoadMore state={vitals} />}
        />
        <VitalsTrendsSection readings={vitals.items} />
        <LabsSection idPatient={idPatient} labs={labs.items} total={labs.total} readOnly={readOnly} more={<LoadMore state={labs} />} />
        <CollectionSection config={vaccinesConfig} idPatient={idPatient} items={record.vaccines} readOnly={readOnly} />
        {record.lifestyle && <LifestyleSection lifestyle={record.lifestyle} />}
        <CollectionSection config={contactsConfig} idPatient={idPatient} items={record.contacts} readOnly={readOnly} />
        <DocumentsSection idPatient={idPatient} files={record.files} readOnly={readOnly} />
        <AppointmentHistorySection
          idPatient={idPatient}
          history={history.items}
          total={history.total}
          more={<LoadMore state={history} />}
          vitals={vitals.items}
          readOnly={readOnly}
          newAppointment={newAppointment}
        />
      </div>
    </div>
  );
}

function LoadError() {
  const { t } = useTranslation('record');
  const [, navigate] = useLocation();
  return (
    <section className="page-section card load-error" role="alert" aria-labelledby="load-error-title">
      <h1 id="load-error-title" className="page-title">
        {t('load.errorTitle')}
      </h1>
      <p className="page-subtitle">{t('load.notFound')}</p>
      <div>
        <button type="button" className="button button--primary" onClick={() => navigate('/medic/patients')}>
          {t('load.back')}
        </button>
      </div>
    </section>
  );
}
