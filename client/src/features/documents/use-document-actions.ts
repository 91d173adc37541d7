// Opening and deleting a stored document, with the messages of SPEC §8 "Documents".
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts';
import { medicDocumentUrl, openDocument } from '../../lib/open-document';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';

export function useDocumentActions(idPatient: number) {
  const { t } = useTranslation('record');
  const toast = useToast();
  const utils = trpc.useUtils();
  const remove = useMutation({
    mutationFn: (fileId: number) => utils.client.medics.deleteFile.mutate({ idPatient, fileId }),
    onSuccess: async () => {
      toast.success(t('messages.deleted'));
      await utils.medics.patientDetail.invalidate();
    },
    onError: (error) => toast.error(t('documents.deleteFailed'), translateApiError(t, error, 'messages.network')),
  });
  const open = (code: string) =>
    openDocument(medicDocumentUrl(code)).catch((error: unknown) => {
      toast.error(t('documents.openFailed'), translateApiError(t, error, 'messages.network'));
    });
  return { remove, open };
}
