import { useId } from 'react';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  /** A line under the label ("Guess each other's answers"). */
  hint?: string;
}

/**
 * One of a few settings as a group of native radios, large enough for a thumb: a screen reader
 * hears the group's name, each option and its hint, and the arrow keys move through them.
 */
export function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly ChoiceOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <fieldset className="party-choice">
      <legend className="party-choice__legend">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="party-choice__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            aria-describedby={option.hint === undefined ? undefined : `${id}-${option.value}`}
            onChange={() => onChange(option.value)}
          />
          <span className="party-choice__text">
            <span className="party-choice__label">{option.label}</span>
            {option.hint !== undefined && (
              <span className="party-choice__hint" id={`${id}-${option.value}`}>
                {option.hint}
              </span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
