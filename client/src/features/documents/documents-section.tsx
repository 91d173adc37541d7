// The patient's documents (SPEC §2 "Documents"): upload, the list five at a time, open in a new
// tab, delete after a confirmation that says it cannot be undone. Read-only (emergency access)
// still opens documents, but offers no upload and no delete.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordFile } from '../../lib/api-types';
import { FileIcon, UploadIcon } from '../../components/icons';
import { CollapsibleSection } from '../../components/collapsible-section';
import { DeleteButton } from '../../components/delete-button';
import { useShowMore } from '../../components/show-more';
import { ShowMoreButton } from '../../components/show-more-button';
import { useFormatters } from '../../lib/use-formatters';
import { formatKilobytes } from './format-size';
import { UploadModal } from './upload-modal';
import { useDocumentActions } from './use-document-actions';

interface DocumentsSectionProps {
  idPatient: number;
  files: readonly RecordFile[];
  readOnly?: boolean;
}

export function DocumentsSection({ idPatient, files, readOnly = false }: DocumentsSectionProps) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const [uploading, setUploading] = useState(false);
  const shown = useShowMore(files);
  const actions = useDocumentActions(idPatient);

  return (
    <CollapsibleSection
      title={t('documents.title')}
      count={files.length}
      actions={
        readOnly ? undefined : (
          <button type="button" className="button button--secondary button--small" onClick={() => setUploading(true)}>
            <UploadIcon />
            {t('documents.upload')}
          </button>
        )
      }
    >
      {files.length === 0 && <p className="record-empty">{t('documents.empty')}</p>}
      {files.length > 0 && (
        <ul className="record-list">
          {shown.items.map((file) => {
            const name = file.name || t('documents.unnamed');
            return (
              <li key={file.idFile} className="record-list__item">
                <div className="record-item document-item">
                  <span className={`document-item__icon document-item__icon--${file.mainType}`}>
                    <FileIcon />
                  </span>
                  <div className="record-item__main">
                    {file.code ? (
                      <button type="button" className="record-item__open document-item__open" onClick={() => void actions.open(file.code)}>
                        <span className="record-item__name">{name}</span>
                        <span className="visually-hidden"> {t('documents.opensInNewTab')}</span>
                      </button>
                    ) : (
                      <p className="record-item__name">
                        {name} <span className="tag tag--muted">{t('documents.noUrl')}</span>
                      </p>
                    )}
                    <p className="record-item__meta">
                      {[format.date(file.date), t(`documents.types.${file.mainType}`), formatKilobytes(file.size, format.language)]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {file.comment && <p className="document-item__comment">{file.comment}</p>}
                  </div>
                  {!readOnly && (
                    <div className="record-item__actions">
                      <DeleteButton
                        label={t('deleteItem', { name })}
                        question={t('documents.confirmDelete')}
                        onConfirm={() => actions.remove.mutate(file.idFile)}
                      />
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ShowMoreButton remaining={shown.remaining} onClick={shown.showMore} />
      {uploading && !readOnly && <UploadModal idPatient={idPatient} onClose={() => setUploading(false)} />}
    </CollapsibleSection>
  );
}
