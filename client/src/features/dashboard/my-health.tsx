// "My health" (SPEC §2): each part appears only when the record has something for it, and the
// whole section says so when nothing is on record yet.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AllergyList } from './allergy-list';
import { ContactList } from './contact-list';
import { DocumentList } from './document-list';
import { LabList } from './lab-list';
import { LifestyleSummary } from './lifestyle-summary';
import { RecordList } from './record-list';
import type { PatientSelf } from './types';
import { VaccineList } from './vaccine-list';
import { VitalList } from './vital-list';

function HealthPart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="health-part" aria-labelledby={id}>
      <h3 id={id} className="health-part__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Draws the vital signs as trends; the page hands it in (features do not import one another). */
export type VitalsTrendsSlot = (vitals: PatientSelf['vitals']) => ReactNode;

export function MyHealth({ self, vitalsTrends }: { self: PatientSelf; vitalsTrends?: VitalsTrendsSlot }) {
  const { t } = useTranslation('dashboard');
  const parts: [string, string, ReactNode][] = [];
  if (self.allergies.length) parts.push(['allergies', t('health.allergies'), <AllergyList allergies={self.allergies} />]);
  if (self.pathologicalRecords.length) parts.push(['records', t('health.records'), <RecordList records={self.pathologicalRecords} />]);
  if (self.vitals.length) parts.push(['vitals', t('health.vitals'), <VitalList vitals={self.vitals} />]);
  if (self.vitals.length && vitalsTrends) parts.push(['trends', t('charts:title'), vitalsTrends(self.vitals)]);
  if (self.labs.length) parts.push(['labs', t('health.labs'), <LabList labs={self.labs} />]);
  if (self.vaccines.length) parts.push(['vaccines', t('health.vaccines'), <VaccineList vaccines={self.vaccines} />]);
  if (self.lifestyle) parts.push(['lifestyle', t('health.lifestyle'), <LifestyleSummary lifestyle={self.lifestyle} />]);
  if (self.contacts.length) parts.push(['contacts', t('health.contacts'), <ContactList contacts={self.contacts} />]);
  if (self.files.length) parts.push(['documents', t('health.documents'), <DocumentList files={self.files} />]);

  return (
    <section className="dashboard-section card" aria-labelledby="my-health-title">
      <h2 id="my-health-title" className="dashboard-section__title">
        {t('health.title')}
      </h2>
      {parts.length === 0 ? (
        <p className="dashboard-section__empty">{t('health.empty')}</p>
      ) : (
        <div className="health-parts">
          {parts.map(([id, title, content]) => (
            <HealthPart key={id} id={`health-${id}`} title={title}>
              {content}
            </HealthPart>
          ))}
        </div>
      )}
    </section>
  );
}
