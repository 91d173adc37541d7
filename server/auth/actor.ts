// Who is calling: the signed-in user behind a request's live session (sessions.ts finds it).
import type { TwoFactorState } from '../../shared/auth';

export interface Actor {
  userId: number;
  type: 'patient' | 'medic';
  name: string;
  lname: string;
  email: string;
  phone: string | null;
  address: string | null;
  sessionId: string;
  /** Set for medics: their row in medics. */
  medicId: number | null;
  /** Set for patients: their own record. */
  patientId: number | null;
  isAdmin: boolean;
  mustChangePassword: boolean;
  /** The second factors the account has (User.twoFactor). */
  twoFactor: TwoFactorState;
  /**
   * The practice requires a second factor of medics and this medic has none: until one is set up,
   * only the profile, logout, change-password and the setup calls answer.
   */
  secondFactorMissing: boolean;
}
