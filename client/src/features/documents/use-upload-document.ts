// The upload as a mutation, with its progress, reloading the record when it succeeds.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { uploadDocument } from './upload-document';

export function useUploadDocument(idPatient: number) {
  const utils = trpc.useUtils();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ file, comment }: { file: File; comment: string }) => {
      setProgress(0);
      return uploadDocument(idPatient, file, comment, setProgress);
    },
    onSuccess: () => utils.medics.patientDetail.invalidate(),
  });
  return { ...mutation, progress };
}
