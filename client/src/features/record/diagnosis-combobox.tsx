// Choosing an appointment's diagnoses from the catalog: a combobox as WAI-ARIA 1.2 describes it (an
// input with role="combobox" that controls a listbox of options, the option under the arrow keys
// named by aria-activedescendant while focus stays in the input), searching as the doctor types
// (use-diagnosis-search.ts). Arrow keys move, Enter picks, Escape closes the list (and, once it is
// closed, clears the text); a code typed exactly and confirmed with Enter is taken as it is. Picked
// diagnoses show as chips, each with a button that removes it.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { compactCode, type Diagnosis } from '../../../../shared/catalog';
import { Field } from '../../components/field';
import { CloseIcon } from '../../components/icons';
import { trpc } from '../../lib/trpc';
import { DIAGNOSIS_OPTIONS, useDiagnosisSearch } from './use-diagnosis-search';

interface DiagnosisComboboxProps {
  label: ReactNode;
  value: readonly Diagnosis[];
  onChange: (diagnoses: Diagnosis[]) => void;
  /** Marks the field touched, as react-hook-form's onBlur does. */
  onBlur?: () => void;
  error?: string;
  className?: string;
}

/** The option an exactly typed code names, if the answer holds it ("e119" names E11.9). */
const exactCode = (text: string, options: readonly Diagnosis[]) => {
  const typed = compactCode(text);
  return typed ? options.find((option) => compactCode(option.code) === typed) : undefined;
};

export function DiagnosisCombobox({ label, value, onChange, onBlur, error, className }: DiagnosisComboboxProps) {
  const { t } = useTranslation('record');
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (code: string) => `${id}-option-${code}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeCode, setActiveCode] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const { options: found, current, lang } = useDiagnosisSearch(text);
  const utils = trpc.useUtils();

  const picked = new Set(value.map((diagnosis) => diagnosis.code));
  const options = found.filter((option) => !picked.has(option.code));
  const expanded = open && text.trim() !== '' && options.length > 0;
  const activeIndex = expanded ? options.findIndex((option) => option.code === activeCode) : -1;
  const active = activeIndex >= 0 ? options[activeIndex] : undefined;

  const pick = (diagnosis: Diagnosis) => {
    if (!picked.has(diagnosis.code)) onChange([...value, diagnosis]);
    setText('');
    setOpen(false);
    setActiveCode(null);
    setNotFound(null);
    inputRef.current?.focus();
  };

  const remove = (code: string) => {
    onChange(value.filter((diagnosis) => diagnosis.code !== code));
    inputRef.current?.focus();
  };

  /** Enter on a typed code: the answer on screen may be for an earlier text, so it is asked for now (or taken from the cache). */
  const pickTypedCode = async (typed: string) => {
    const shown = current ? exactCode(typed, found) : undefined;
    const answer = shown ? [shown] : await utils.catalog.diagnoses.fetch({ q: typed, lang, limit: DIAGNOSIS_OPTIONS });
    const diagnosis = exactCode(typed, answer);
    if (diagnosis) pick(diagnosis);
    else setNotFound(typed);
  };

  const move = (step: 1 | -1) => {
    if (options.length === 0) return;
    setOpen(true);
    const from = expanded ? activeIndex : -1;
    const next = from === -1 ? (step === 1 ? 0 : options.length - 1) : (from + step + options.length) % options.length;
    setActiveCode(options[next]!.code);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter': {
        // An empty combobox leaves Enter to the form, which it submits.
        if (!text.trim()) return;
        event.preventDefault();
        if (active) pick(active);
        else if (compactCode(text)) void pickTypedCode(text.trim());
        // Words are not a diagnosis: Enter shows what they found, to choose from.
        else setOpen(true);
        return;
      }
      case 'Escape':
        // Handled here, so the dialog around the form does not close as well (components/modal.tsx).
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActiveCode(null);
        } else if (text) {
          event.preventDefault();
          setText('');
          setNotFound(null);
        }
        return;
      default:
    }
  };

  const announcement = notFound
    ? t('appointments.diagnosisNotFound', { code: notFound })
    : text.trim() && current && open
      ? options.length > 0
        ? t('appointments.diagnosisOptions', { count: options.length })
        : t('appointments.diagnosisNone')
      : '';

  return (
    <Field
      label={label}
      hint={t('appointments.diagnosesHint')}
      // A typed code the catalog does not hold is said where the field's errors are: read with the input.
      error={error ?? (notFound ? t('appointments.diagnosisNotFound', { code: notFound }) : undefined)}
      className={`diagnosis-combobox ${className ?? ''}`.trim()}>
      {(control) => (
        <>
          {value.length > 0 && (
            <ul className="diagnosis-chips" aria-label={t('appointments.pickedDiagnoses')}>
              {value.map((diagnosis) => (
                <li key={diagnosis.code} className="diagnosis-chip">
                  <span className="diagnosis-chip__code">{diagnosis.code}</span> {diagnosis.name}
                  <button
                    type="button"
                    className="icon-button diagnosis-chip__remove"
                    aria-label={t('appointments.removeDiagnosis', { code: diagnosis.code, name: diagnosis.name })}
                    onClick={() => remove(diagnosis.code)}
                  >
                    <CloseIcon />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="diagnosis-combobox__control">
            <input
              {...control}
              ref={inputRef}
              type="text"
              role="combobox"
              className="field__input"
              autoComplete="off"
              spellCheck={false}
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listboxId}
              aria-activedescendant={active ? optionId(active.code) : undefined}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setOpen(true);
                setActiveCode(null);
                setNotFound(null);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(false);
                onBlur?.();
              }}
            />
            {/* Always in the page, so aria-controls names an element even while the list is closed. */}
            <ul id={listboxId} role="listbox" className="diagnosis-combobox__listbox" aria-label={t('appointments.diagnosisSuggestions')} hidden={!expanded}>
              {expanded &&
                options.map((option) => (
                  <li
                    key={option.code}
                    id={optionId(option.code)}
                    role="option"
                    aria-selected={option.code === active?.code}
                    className="diagnosis-combobox__option"
                    // Keeps focus in the input, where the combobox pattern wants it.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(option)}
                  >
                    <span className="diagnosis-chip__code">{option.code}</span> {option.name}
                  </li>
                ))}
            </ul>
          </div>
          {/* A polite live region rather than role="status": the record's toasts are the page's status messages. */}
          <p aria-live="polite" className="visually-hidden">
            {announcement}
          </p>
        </>
      )}
    </Field>
  );
}
