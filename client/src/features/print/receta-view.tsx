// The print route of one receta, for the medic and for the patient it belongs to: the prescription
// once it has loaded, in the print frame with its choices of paper and language (the language
// follows the interface until one is chosen here), else loading or a failure.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../../shared/constants';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RecetaOptions, usePaper } from './paper-choice';
import { PrintedReceta, RECETA_TITLE_ID } from './printed-receta';
import { PrintFrame } from './print-frame';
import { LoadFailed } from '../../components/load-failed';
import './receta.css';

const asLanguage = (code: string | undefined): Language => (LANGUAGES as readonly (string | undefined)[]).includes(code) ? (code as Language) : DEFAULT_LANGUAGE;

const PAPER_CLASS = { a5: 'receta--a5', halfLetter: 'receta--half-letter' } as const;

export function RecetaView({ idPrescription, backHref }: { idPrescription: number; backHref: string }) {
  const { t, i18n } = useTranslation('receta');
  const valid = Number.isInteger(idPrescription) && idPrescription > 0;
  const query = trpc.clinicalHistory.prescription.useQuery({ idPrescription }, { enabled: valid });
  const prescription = query.data;
  const [paper, setPaper] = usePaper();
  const [chosenLanguage, setChosenLanguage] = useState<Language | null>(null);
  const language = chosenLanguage ?? asLanguage(i18n.resolvedLanguage);
  // The browser offers the title as the PDF's file name.
  useDocumentTitle(prescription ? `${t('title')} ${prescription.number} · ${prescription.patient.name} ${prescription.patient.lname}` : t('title'));

  if (!valid || (query.isError && !prescription)) {
    return <LoadFailed message={t('loadFailed')} back={{ href: backHref, label: t('back') }} />;
  }
  if (!prescription) return <Spinner />;
  return (
    <PrintFrame
      className={`receta ${PAPER_CLASS[paper]}${prescription.voidedAt ? ' receta--void' : ''}`}
      labelledBy={RECETA_TITLE_ID}
      backHref={backHref}
      backLabel={t('back')}
      lang={language}
      controls={<RecetaOptions paper={paper} onPaper={setPaper} language={language} onLanguage={setChosenLanguage} />}
    >
      <PrintedReceta prescription={prescription} language={language} />
    </PrintFrame>
  );
}
