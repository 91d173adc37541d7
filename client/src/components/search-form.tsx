// The search box of a "find someone and link them" panel: a labelled search input and a submit
// button. The caller owns the text and decides when a search runs (on submit, or after a pause).
import { useId, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { SearchIcon } from './icons';

interface SearchFormProps extends Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'onChange' | 'onSubmit'> {
  label: string;
  buttonLabel: string;
  // The id of the results region the input updates.
  resultsId: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

export function SearchForm({ label, buttonLabel, resultsId, value, onChange, onSubmit, ...input }: SearchFormProps) {
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <div className="search-form__row">
        <input
          id={inputId}
          type="search"
          className="field__input"
          autoComplete="off"
          aria-controls={resultsId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
        <button type="submit" className="button button--secondary">
          <SearchIcon />
          {buttonLabel}
        </button>
      </div>
    </form>
  );
}
