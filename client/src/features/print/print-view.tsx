// The print route's body for either kind of user: the record once it has loaded (with the practice's
// name, or the app's when PRACTICE_NAME is unset or cannot be read), else loading or a failure.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadFailed } from '../../components/load-failed';
import { PrintSummary } from './print-summary';
import type { PrintableRecord } from './printable-record';

interface PrintViewProps {
  record: PrintableRecord | undefined;
  failed: boolean;
  backHref: string;
}

export function PrintView({ record, failed, backHref }: PrintViewProps) {
  const { t } = useTranslation(['print', 'common']);
  const practice = trpc.practice.info.useQuery();
  // Fixed when the view opens: the date on the paper is when the summary was shown.
  const [printedAt] = useState(() => new Date());
  // The browser offers the title as the PDF's file name.
  useDocumentTitle(record ? `${t('title')} · ${record.patient.name} ${record.patient.lname}` : t('title'));

  if (failed) {
    return <LoadFailed message={t('loadFailed')} back={{ href: backHref, label: t('back') }} />;
  }
  if (!record || practice.isPending) return <Spinner />;
  return <PrintSummary record={record} practiceName={practice.data?.name ?? t('common:appName')} printedAt={printedAt} backHref={backHref} />;
}
