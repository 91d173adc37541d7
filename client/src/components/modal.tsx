// A modal dialog drawn over the page: role="dialog", aria-modal, titled by its heading. Focus
// moves inside on open, Tab stays inside, Escape or the close button closes it, and focus goes
// back to whatever opened it — or, when that is gone by then (deleted from the dialog) or was never
// known (focus had fallen to <body>, as it does in Chromium when a button is disabled while its
// request runs), to the nearest place that stayed, else the main landmark: never to <body>.
// A click on the backdrop does not close it: these dialogs hold forms, and a stray click must not
// throw away what was typed. For the same reason, when a form in it holds unsaved input (`unsaved`,
// or a form inside calling useUnsavedInput), Escape, the close button and Cancel ask first, inside
// the dialog: "Keep editing" (focused first; Escape means it too) goes back to where focus was with
// everything typed, "Discard" closes. Nothing typed, nothing asked.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { FOCUSABLE, focusIsLost, focusMainContent, focusNearest, rememberFocus } from './focus-nearest';
import { CloseIcon } from './icons';
import { DiscardGuardContext, type DiscardGuard } from './unsaved-input';

interface ModalProps {
  title: string;
  /** A sentence under the title, read out with it. */
  description?: string;
  onClose: () => void;
  /** The form in it holds input not yet saved (react-hook-form's `formState.isDirty`): ask before closing. */
  unsaved?: boolean;
  children: ReactNode;
}

export function Modal({ title, description, onClose, unsaved = false, children }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const descriptionId = useId();
  const confirmTitleId = useId();
  const confirmTextId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    onCloseRef.current = onClose;
    unsavedRef.current = unsaved;
  });

  // The question before discarding: what Discard runs, and where focus goes back on Keep editing.
  const [asking, setAsking] = useState(false);
  const askingRef = useRef(false);
  const pendingDiscard = useRef<(() => void) | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const discarded = useRef(false);
  const reports = useRef(new Map<string, boolean>());
  const guard = useMemo<DiscardGuard>(
    () => ({
      report: (key, isUnsaved) => {
        if (isUnsaved) reports.current.set(key, true);
        else reports.current.delete(key);
      },
      askBeforeDiscarding: (discard, isUnsaved) => {
        if (!(isUnsaved ?? (unsavedRef.current || reports.current.size > 0))) {
          discard();
          return;
        }
        const active = document.activeElement;
        returnFocus.current = active instanceof HTMLElement && dialogRef.current?.contains(active) ? active : null;
        pendingDiscard.current = discard;
        askingRef.current = true;
        setAsking(true);
      },
    }),
    [],
  );
  const requestClose = () => guard.askBeforeDiscarding(() => onCloseRef.current());
  const keepEditing = () => {
    pendingDiscard.current = null;
    askingRef.current = false;
    setAsking(false);
  };
  const discard = () => {
    const then = pendingDiscard.current;
    pendingDiscard.current = null;
    returnFocus.current = null;
    discarded.current = true;
    askingRef.current = false;
    setAsking(false);
    then?.();
  };
  const requestCloseRef = useRef(requestClose);
  const keepEditingRef = useRef(keepEditing);
  useEffect(() => {
    requestCloseRef.current = requestClose;
    keepEditingRef.current = keepEditing;
  });
  useEffect(() => {
    if (asking) {
      keepButton.current?.focus();
      return;
    }
    const back = returnFocus.current;
    returnFocus.current = null;
    const dialog = dialogRef.current;
    if (back?.isConnected) back.focus();
    else if ((back || discarded.current) && dialog && !dialog.contains(document.activeElement)) {
      // What had focus went away (Cancel of a form the dialog no longer shows): stay in the dialog.
      (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    }
    discarded.current = false;
  }, [asking]);

  useEffect(() => {
    const opener = rememberFocus(document.activeElement);
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    // The page behind must not scroll under the dialog.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // On the document, so Escape still works when focus has fallen out of the dialog.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Escape on the question means keep editing.
      if (askingRef.current) keepEditingRef.current();
      else requestCloseRef.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      document.body.style.overflow = overflow;
      // Unless something else has taken focus meanwhile, as a page shown in this one's place may.
      if (focusIsLost() && !focusNearest(opener)) focusMainContent();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // While asking, Tab stays on the question.
    const container = asking ? confirmRef.current : dialogRef.current;
    if (event.key !== 'Tab' || !container) return;
    const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal">
      <div className="modal__backdrop" aria-hidden="true" />
      <div
        ref={dialogRef}
        className="modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal__header" inert={asking}>
          <div className="modal__heading">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="modal__description">
                {description}
              </p>
            )}
          </div>
          <button type="button" className="icon-button" aria-label={t('dialog.close')} onClick={requestClose}>
            <CloseIcon />
          </button>
        </header>
        <div className="modal__body" inert={asking}>
          <DiscardGuardContext.Provider value={guard}>{children}</DiscardGuardContext.Provider>
        </div>
        {asking && (
          <div className="modal__confirm">
            <div
              ref={confirmRef}
              className="modal__confirm-panel"
              role="alertdialog"
              aria-modal="true"
              aria-labelledby={confirmTitleId}
              aria-describedby={confirmTextId}
            >
              <h3 id={confirmTitleId} className="modal__confirm-title">
                {t('dialog.discard.title')}
              </h3>
              <p id={confirmTextId}>{t('dialog.discard.text')}</p>
              <div className="form__actions">
                <button ref={keepButton} type="button" className="button button--secondary" onClick={keepEditing}>
                  {t('dialog.discard.keep')}
                </button>
                <button type="button" className="button button--danger" onClick={discard}>
                  {t('dialog.discard.confirm')}
                </button>
              </div>
            </div>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
