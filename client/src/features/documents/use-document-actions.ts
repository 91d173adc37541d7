// Opening and deleting a stored document, with the messages of SPEC §8 "Documents".
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts';
import { useToastedMutation } from '../../components/use-toasted-mutation';
import { medicDocumentUrl, openDocument } from '../../lib/open-document';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';

export function useDocumentActions(idPatient: number) {
  const { t } = useTranslation('record');
  const toast = useToast();
  const utils = trpc.useUtils();
  const remove = useToastedMutation({
    mutationFn: (fileId: number) => utils.client.medics.deleteFile.mutate({ idPatient, fileId }),
    success: () => t('messages.deleted'),
    failure: { title: () => t('documents.deleteFailed'), networkKey: 'record:messages.network' },
    reload: () => utils.medics.patientDetail.invalidate(),
  });
  const open = (code: string) =>
    openDocument(medicDocumentUrl(code)).catch((error: unknown) => {
      toast.error(t('documents.openFailed'), translateApiError(t, error, 'messages.network'));
    });
  return { remove, open };
}
