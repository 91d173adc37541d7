// The drug of a prescription item: free text (any medicine may be prescribed), with the drugs the
// practice prescribed before suggested as the doctor types (use-drug-suggestions.ts). A combobox as
// WAI-ARIA 1.2 describes it, like diagnosis-combobox.tsx: focus stays in the input, the arrow keys
// move through the listbox (named by aria-activedescendant), Enter or a click chooses, Escape closes
// the list. Choosing hands the whole suggestion to onPick, which fills the rest of the item.
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrugSuggestion } from '../../../../shared/prescriptions';
import { Field } from '../../components/field';
import { itemSentence } from '../../lib/prescription-text';
import { useDrugSuggestions } from './use-drug-suggestions';

interface DrugComboboxProps {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  onPick: (suggestion: DrugSuggestion) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  className?: string;
  /** The dialog's first field: the modal puts focus here on opening. */
  autoFocus?: boolean;
}

const keyOf = (suggestion: DrugSuggestion) => [suggestion.drug, suggestion.strength, suggestion.form].join('|');

export function DrugCombobox({ label, value, onChange, onPick, onBlur, name, inputRef, error, className, autoFocus }: DrugComboboxProps) {
  const { t } = useTranslation('prescriptions');
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [filled, setFilled] = useState<string | null>(null);
  const { suggestions, current } = useDrugSuggestions(value);
  const expanded = open && suggestions.length > 0;
  const active = expanded && activeIndex >= 0 ? suggestions[activeIndex] : undefined;
  // The sentence a pharmacist reads tells apart two strengths or forms of one drug.
  const describe = (suggestion: DrugSuggestion) => itemSentence({ ...suggestion, instructions: null }, t);

  const pick = (suggestion: DrugSuggestion) => {
    onPick(suggestion);
    setOpen(false);
    setActiveIndex(-1);
    setFilled(suggestion.drug);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (suggestions.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const from = expanded ? activeIndex : -1;
        setActiveIndex(from === -1 ? (step === 1 ? 0 : suggestions.length - 1) : (from + step + suggestions.length) % suggestions.length);
        return;
      }
      case 'Enter':
        // Without a highlighted suggestion, Enter is the form's: it issues the prescription.
        if (active) {
          event.preventDefault();
          pick(active);
        }
        return;
      case 'Escape':
        // Handled here, so the dialog around the form does not close as well (components/modal.tsx).
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        }
        return;
      default:
    }
  };

  const announcement = filled
    ? t('drug.filled', { drug: filled })
    : open && current && suggestions.length > 0
      ? t('drug.options', { count: suggestions.length })
      : '';

  return (
    <Field label={label} hint={t('drug.hint')} error={error} className={`drug-combobox ${className ?? ''}`.trim()}>
      {(control) => (
        <>
          <div className="diagnosis-combobox__control">
            <input
              {...control}
              ref={inputRef}
              name={name}
              type="text"
              role="combobox"
              className="field__input"
              autoComplete="off"
              aria-required
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listboxId}
              aria-activedescendant={active ? optionId(activeIndex) : undefined}
              data-autofocus={autoFocus ? true : undefined}
              value={value}
              onChange={(event) => {
                onChange(event.target.value);
                setOpen(true);
                setActiveIndex(-1);
                setFilled(null);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(false);
                onBlur?.();
              }}
            />
            {/* Always in the page, so aria-controls names an element even while the list is closed. */}
            <ul id={listboxId} role="listbox" className="diagnosis-combobox__listbox" aria-label={t('drug.suggestions')} hidden={!expanded}>
              {expanded &&
                suggestions.map((suggestion, index) => (
                  <li
                    key={keyOf(suggestion)}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className="diagnosis-combobox__option"
                    // Keeps focus in the input, where the combobox pattern wants it.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(suggestion)}
                  >
                    {describe(suggestion)}
                  </li>
                ))}
            </ul>
          </div>
          <p aria-live="polite" className="visually-hidden">
            {announcement}
          </p>
        </>
      )}
    </Field>
  );
}
