// The practice administrator's procedures (API.md "Practice administration"). The services audit
// reads and write each change's event in its transaction (services/administration.ts).
import { accountLookupInput, auditEventsInput, auditVerifyInput, medicIdInput, userIdInput } from '../../../shared/admin';
import { practiceInput } from '../../../shared/prescriptions';
import { reviewAuditEvents, verifyAuditTrail } from '../../services/audit-review';
import { changeMedicStatus, findAccount, medicAccountsFor, resetPassword, resetSecondFactor, type MedicStatusChange } from '../../services/administration';
import { emergencyAccessesFor } from '../../services/emergency-access';
import { updatePractice } from '../../services/practice-data';
import { callerOf } from '../caller';
import { adminProcedure, router } from '../trpc';

const statusChange = (change: MedicStatusChange) =>
  adminProcedure.input(medicIdInput).mutation(async ({ ctx, input }) => await changeMedicStatus(callerOf(ctx), input.idMedic, change));

export const adminRouter = router({
  medics: adminProcedure.query(async ({ ctx }) => ({ medics: await medicAccountsFor(callerOf(ctx)) })),
  approveMedic: statusChange('approve'),
  disableMedic: statusChange('disable'),
  enableMedic: statusChange('enable'),
  findAccount: adminProcedure.input(accountLookupInput).query(async ({ ctx, input }) => ({ account: await findAccount(callerOf(ctx), input.email) })),
  resetPassword: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => await resetPassword(callerOf(ctx), input.idUser)),
  /** A user who lost every second factor: the factors and the sessions go; the password stays. */
  resetSecondFactor: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await resetSecondFactor(callerOf(ctx), ctx.deps.signInFailures, input.idUser);
    return null;
  }),
  emergencyAccesses: adminProcedure.query(async ({ ctx }) => ({ accesses: await emergencyAccessesFor(callerOf(ctx)) })),
  // No patient data: the schedule and its last outcome, so a failing backup is seen before it is needed.
  backupStatus: adminProcedure.query(({ ctx }) => ctx.deps.backups.status()),
  /** The practice's name, address, city and phone that prescriptions print, and its second-factor policy. */
  updatePractice: adminProcedure.input(practiceInput).mutation(async ({ ctx, input }) => await updatePractice(callerOf(ctx), input, ctx.deps.config.practiceName)),
  /** The audit trail, filtered, a page at a time, newest first (the CSV of a filter is rest/audit-export.ts). */
  auditEvents: adminProcedure.input(auditEventsInput).query(async ({ ctx, input }) => await reviewAuditEvents(callerOf(ctx), input)),
  /** The chain check of `npm run audit:verify`, against the sealed head in DATA_DIR. */
  verifyAudit: adminProcedure.input(auditVerifyInput.optional()).query(async ({ ctx, input }) => await verifyAuditTrail(callerOf(ctx), ctx.deps.config.dataDir, input ?? {})),
});
