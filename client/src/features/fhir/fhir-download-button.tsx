// A button that downloads a record as FHIR (issue 13): "Export (FHIR)" on the medic's record page,
// "Download my record" on the patient's dashboard. A failure is said in the user's language beside
// the button; a mutation, so that a 401 signs the user out like every other call (query-client.ts).
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/translate-error';
import { downloadFile } from '../../lib/download-file';

interface FhirDownloadButtonProps {
  url: string;
  /** A key of the `fhir` namespace: the button's label. */
  labelKey: 'exportButton' | 'downloadMine';
}

export function FhirDownloadButton({ url, labelKey }: FhirDownloadButtonProps) {
  const { t } = useTranslation('fhir');
  const download = useMutation({ mutationFn: () => downloadFile(url, t('fallbackFileName')) });
  return (
    <div className="fhir-download">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        title={t('hint')}
      >
        {download.isPending ? t('preparing') : t(labelKey)}
      </button>
      {download.isError && (
        <p role="alert" className="alert alert--error">
          {t('failed')} {translateApiError(t, download.error, 'fhir:network')}
        </p>
      )}
    </div>
  );
}
