// Every change on the patient page goes the same way: call, reload the detail (SPEC §4 "Reload
// after changes"), and say how it went in a toast (SPEC §8). Where the original showed nothing on a
// failed sub-record call, this says what went wrong: a silent failure looks like a saved change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts';
import { gotNoAnswer } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';
import { RECORD_PAGES_KEY } from './use-long-list';

type Kind = 'save' | 'delete';

export function useRecordMutation<Variables>(
  call: (client: ReturnType<typeof trpc.useUtils>['client'], variables: Variables) => Promise<unknown>,
  kind: Kind,
  options: { alsoPatientList?: boolean } = {},
) {
  const { t } = useTranslation('record');
  const toast = useToast();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => call(utils.client, variables),
    onSuccess: async () => {
      toast.success(t(kind === 'save' ? 'messages.saved' : 'messages.deleted'));
      await Promise.all([
        utils.medics.patientDetail.invalidate(),
        // The older pages of the long lists loaded beneath the record (use-long-list.ts).
        queryClient.invalidateQueries({ queryKey: [RECORD_PAGES_KEY] }),
        options.alsoPatientList ? utils.medics.patientPage.invalidate() : undefined,
      ]);
    },
    onError: (error) => {
      // Without an answer the change was given up on (the link's deadline): say plainly that
      // nothing happened, so nobody assumes it went through.
      if (gotNoAnswer(error)) {
        toast.error(t(kind === 'save' ? 'messages.notSaved' : 'messages.notDeleted'), t('messages.checkConnection'));
        return;
      }
      toast.error(t(kind === 'save' ? 'messages.saveFailed' : 'messages.deleteFailed'), translateApiError(t, error, 'messages.network'));
    },
  });
}
