// A button that downloads a record as FHIR: "Export (FHIR)" on the medic's record page, "Download my
// record" on the patient's dashboard.
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../components/download-button';

interface FhirDownloadButtonProps {
  url: string;
  /** A key of the `fhir` namespace: the button's label. */
  labelKey: 'exportButton' | 'downloadMine';
}

export function FhirDownloadButton({ url, labelKey }: FhirDownloadButtonProps) {
  const { t } = useTranslation('fhir');
  return (
    <DownloadButton
      url={url}
      fallbackName={t('fallbackFileName')}
      label={t(labelKey)}
      preparingLabel={t('preparing')}
      hint={t('hint')}
      failedLabel={t('failed')}
      networkKey="fhir:network"
      className="fhir-download"
    />
  );
}
