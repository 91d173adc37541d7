// Reference data every signed-in user may read: the diagnosis catalog (API.md "The clinical day").
// Not audited: a search reads codes and their names, nothing about any patient, and the combobox
// asks on every pause in typing, which would flood the trail with rows that say nothing.
import { diagnosisSearchInput } from '../../../shared/catalog';
import { searchDiagnoses } from '../../services/diagnosis-catalog';
import { router, userProcedure } from '../trpc';

export const catalogRouter = router({
  diagnoses: userProcedure.input(diagnosisSearchInput).query(async ({ ctx, input }) => await searchDiagnoses(ctx.deps.db, input)),
});
