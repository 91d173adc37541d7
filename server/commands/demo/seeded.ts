// What the demo made so far and passes between its steps: a patient it admitted, an appointment it wrote.
import type { Session } from '../../../shared/auth';
import type { DemoPatient } from './people';

export interface SeededPatient {
  profile: DemoPatient;
  idPatient: number;
  /** Index in MEDICS of the doctor who keeps the record, and of the second doctor when shared. */
  medic: number;
  secondMedic: number | null;
  session: Session | null;
}

/** An appointment the demo wrote, with who held it. */
export interface WrittenAppointment {
  idHistory: number;
  date: string;
  /** Index in MEDICS. */
  medic: number;
}

