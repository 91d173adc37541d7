import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PatientDetail } from '../../lib/api-types';
import { appointment, fullDetail, renderPatientPage, today } from '../../test/record-fixtures';

const reason = 'Unconscious in the emergency room; allergies unknown.';
// Later today, so the banner shows the time alone.
const expiresAt = (() => {
  const end = new Date();
  end.setHours(23, 15, 0, 0);
  return end.toISOString();
})();

function emergencyDetail(): PatientDetail {
  return {
    ...fullDetail(),
    history: [appointment({ idHistory: 1, date: `${today}T09:00` })],
    files: [{ idFile: 1, name: 'scan.png', date: '2025-02-03T10:00', mainType: 'image', code: 'code-1', comment: null, size: 2048, mimeType: 'image/png' }],
    emergencyAccess: { idAccess: 9, reason, expiresAt },
  };
}

const until = (language: string) => new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(expiresAt));

describe('a record opened through emergency access', () => {
  it('says so in a banner with the end time and the reason', async () => {
    renderPatientPage({ detail: emergencyDetail() });

    const banner = await screen.findByRole('region', { name: `Emergency access — read-only until ${until('en')}` });
    expect(banner).toHaveTextContent(`Reason: ${reason}`);
    expect(banner).toHaveTextContent('shown to the patient and to the practice administrator');
  });

  it('offers no way to change anything, but still opens documents and appointments', async () => {
    renderPatientPage({ detail: emergencyDetail() });
    await screen.findByRole('heading', { level: 1, name: 'Lucía Hernández Ruiz' });

    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload document' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /appointment of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /scan\.png/ })).toBeInTheDocument();

    await userEvent.setup().click(within(screen.getByRole('region', { name: /Appointment history/ })).getByRole('button', { name: /09:00|9:00/ }));
    const details = screen.getByRole('dialog', { name: 'Appointment details' });
    expect(within(details).getByText('Control')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: /Close appointment|Edit|Delete/ })).not.toBeInTheDocument();
  });

  it('shows the banner in Spanish', async () => {
    renderPatientPage({ detail: emergencyDetail(), language: 'es' });

    const banner = await screen.findByRole('region', { name: `Acceso de emergencia — solo lectura hasta ${until('es')}` });
    expect(banner).toHaveTextContent(`Motivo: ${reason}`);
  });

  it('shows no banner and the usual edit controls for a linked medic', async () => {
    renderPatientPage();
    await screen.findByRole('heading', { level: 1, name: 'Lucía Hernández Ruiz' });

    expect(screen.queryByRole('region', { name: /Emergency access/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload document' })).toBeInTheDocument();
  });
});
