// The otpauth:// address as a QR code for the authenticator app to scan: drawn as SVG by qrcode, which
// is loaded only here (no other page needs it), and shown as an image with its alt text.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';

export function QrCodeImage({ text, alt }: { text: string; alt: string }) {
  const { t } = useTranslation('security');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import('qrcode')
      // qrcode is CommonJS: its functions are on the default export in every bundler.
      .then(({ default: qrcode }) => qrcode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        // The key below the image still sets the app up: say so rather than spin for ever.
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [text]);

  if (failed) return <p className="alert alert--error">{t('totp.qrFailed')}</p>;
  return <div className="qr-code">{src ? <img src={src} alt={alt} width={200} height={200} /> : <Spinner />}</div>;
}
