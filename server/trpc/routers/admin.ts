// The practice administrator's procedures (API.md "Practice administration"). Reads are audited
// like any other; changes write their event in the same transaction (services/administration.ts).
import { accountLookupInput, medicIdInput, userIdInput } from '../../../shared/admin';
import { auditActorOf } from '../../services/access';
import { changeMedicStatus, findAccount, listMedicAccounts, resetPassword, type MedicStatusChange } from '../../services/administration';
import { listEmergencyAccesses } from '../../services/emergency-access';
import { audit } from '../audit';
import { adminProcedure, router } from '../trpc';

const statusChange = (change: MedicStatusChange) =>
  adminProcedure
    .input(medicIdInput)
    .mutation(({ ctx, input }) => changeMedicStatus(ctx.deps.db, ctx.actor, auditActorOf(ctx.actor, ctx.meta.ip), input.idMedic, change));

export const adminRouter = router({
  medics: adminProcedure.query(({ ctx }) => {
    const medics = listMedicAccounts(ctx.deps.db);
    audit(ctx, { action: 'admin.medics', outcome: 'success', detail: `${medics.length} medics` });
    return { medics };
  }),
  approveMedic: statusChange('approve'),
  disableMedic: statusChange('disable'),
  enableMedic: statusChange('enable'),

  findAccount: adminProcedure.input(accountLookupInput).query(({ ctx, input }) => {
    const account = findAccount(ctx.deps.db, input.email);
    audit(ctx, { action: 'admin.findAccount', outcome: account ? 'success' : 'failure', detail: account ? `user ${account.idUser}` : 'not found' });
    return { account };
  }),
  resetPassword: adminProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps.db, ctx.actor, auditActorOf(ctx.actor, ctx.meta.ip), input.idUser)),

  emergencyAccesses: adminProcedure.query(({ ctx }) => {
    const accesses = listEmergencyAccesses(ctx.deps.db);
    audit(ctx, { action: 'admin.emergencyAccesses', outcome: 'success', detail: `${accesses.length} accesses` });
    return { accesses };
  }),
});
