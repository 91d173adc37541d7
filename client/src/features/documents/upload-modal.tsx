// The upload dialog (SPEC §2 "Documents", §5 "Upload"): a file chooser limited to images, video,
// audio and PDF, an optional comment, the chosen file's name and size, and a progress bar. Save
// stays disabled until a file is chosen and while the upload runs. On success the dialog closes
// and the form is cleared; on failure it stays open with the reason and what was chosen.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';
import { TextAreaField } from '../../components/text-area-field';
import { useToast } from '../../components/toasts';
import { useFormatters } from '../../lib/use-formatters';
import { formatKilobytes } from './format-size';
import { useUploadDocument } from './use-upload-document';
import { FormFailure } from '../../components/form-failure';

export const ACCEPTED_TYPES = 'image/*,video/*,audio/*,application/pdf';

export function UploadModal({ idPatient, onClose }: { idPatient: number; onClose: () => void }) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const toast = useToast();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const upload = useUploadDocument(idPatient);

  const reset = () => {
    setFile(null);
    setComment('');
    upload.reset();
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || upload.isPending) return;
    upload.mutate(
      { file, comment },
      {
        onSuccess: () => {
          reset();
          toast.success(t('documents.uploaded'));
          onClose();
        },
      },
    );
    // The save button is about to be disabled; keep focus inside the dialog, on the progress.
    requestAnimationFrame(() => progressRef.current?.focus());
  };

  return (
    <Modal title={t('documents.uploadTitle')} description={t('documents.uploadIntro')} unsaved={file !== null || comment !== ''} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormFailure error={upload.error} title={t('documents.uploadFailed')} fallbackKey="record:messages.network" />
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {t('documents.file')}
          </label>
          <input
            ref={fileInput}
            id={fileId}
            className="field__input field__file"
            type="file"
            accept={ACCEPTED_TYPES}
            aria-describedby={`${fileId}-hint`}
            disabled={upload.isPending}
            data-autofocus
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            {t('documents.acceptedHint')}
          </p>
        </div>
        {file && (
          <p className="upload__chosen" aria-live="polite">
            <span className="upload__file-name">{file.name}</span>
            <span className="upload__file-size">{formatKilobytes(file.size, format.language)}</span>
          </p>
        )}
        <TextAreaField label={t('documents.comment')} value={comment} disabled={upload.isPending} onChange={(event) => setComment(event.target.value)} />
        {upload.isPending && (
          <div ref={progressRef} tabIndex={-1} className="upload__progress">
            <div
              role="progressbar"
              aria-label={t('documents.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.progress}
              className="progress"
            >
              <span className="progress__bar" style={{ width: `${upload.progress}%` }} />
            </div>
            <span className="upload__percent" aria-hidden="true">
              {upload.progress}%
            </span>
          </div>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={!file || upload.isPending}>
            {upload.isPending ? t('documents.uploading') : t('documents.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
