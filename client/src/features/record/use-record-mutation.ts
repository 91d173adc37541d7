// Every change on the patient page goes the same way: call, reload the detail (SPEC §4 "Reload
// after changes"), and say how it went in a toast (SPEC §8). Where the original showed nothing on a
// failed sub-record call, this says what went wrong: a silent failure looks like a saved change.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToastedMutation } from '../../components/use-toasted-mutation';
import { trpc } from '../../lib/trpc';
import { RECORD_PAGES_KEY } from './use-long-list';

type Kind = 'save' | 'delete';

export function useRecordMutation<Variables>(
  call: (client: ReturnType<typeof trpc.useUtils>['client'], variables: Variables) => Promise<unknown>,
  kind: Kind,
  options: { alsoPatientList?: boolean } = {},
) {
  const { t } = useTranslation('record');
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const saving = kind === 'save';
  return useToastedMutation({
    mutationFn: (variables: Variables) => call(utils.client, variables),
    success: () => t(saving ? 'messages.saved' : 'messages.deleted'),
    failure: { title: () => t(saving ? 'messages.saveFailed' : 'messages.deleteFailed'), networkKey: 'record:messages.network' },
    noAnswer: () => [t(saving ? 'messages.notSaved' : 'messages.notDeleted'), t('messages.checkConnection')],
    reload: () =>
      Promise.all([
        utils.medics.patientDetail.invalidate(),
        // The older pages of the long lists loaded beneath the record (use-long-list.ts).
        queryClient.invalidateQueries({ queryKey: [RECORD_PAGES_KEY] }),
        options.alsoPatientList ? utils.medics.patientPage.invalidate() : undefined,
      ]),
  });
}
