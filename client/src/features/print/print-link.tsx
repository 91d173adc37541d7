// The "Print" button of the record page and the patient's dashboard: it opens the print view,
// which has its own button that prints.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './print-link.css';

export function PrintLink({ href }: { href: string }) {
  const { t } = useTranslation('print');
  return (
    <div className="print-link">
      <Link href={href} className="button button--secondary">
        {t('print')}
      </Link>
    </div>
  );
}
