/** @module Labelled form controls of the settings screens: checkbox, number, text, textarea and select. */
import { useId, type ReactNode } from "react";
import { numberText, toNumber } from "../../stores/settings-rules";

/** A checkbox with its label on the right. */
export function CheckField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className={`check-field${disabled ? " is-disabled" : ""}`}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/**
 * A number input that hands over numbers (docs/product.md "Settings ranges": number inputs are converted to numbers).
 */
export function NumberField(props: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  min?: number;
  max?: number;
  step?: number;
  hint?: string;
  disabled?: boolean;
}) {
  const { label, value, onChange, min, max, step, hint, disabled } = props;
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        value={numberText(value)}
        onChange={(e) => onChange(toNumber(e.target.value))}
      />
      {hint && <span className="field-hint">{hint}</span>}
    </label>
  );
}

/** A one-line text input; `error` marks it invalid and shows the sentence under it (its accessible description). */
export function TextField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: ReactNode;
  placeholder?: string;
  type?: string;
  autoComplete?: string;
  name?: string;
  error?: string;
}) {
  const { label, value, onChange, hint, placeholder, type = "text", autoComplete, name, error } = props;
  const id = useId();
  const described = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  // The label holds only the label text; the error and hint describe the input instead of joining its name.
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="field-hint field-error">
          {error}
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** A multi-line text input. */
export function TextAreaField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: ReactNode;
  rows?: number;
  cols?: number;
  mono?: boolean;
}) {
  const { label, value, onChange, hint, rows = 4, cols, mono } = props;
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <textarea
        className={`input textarea${mono ? " mono" : ""}`}
        rows={rows}
        cols={cols}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && <span className="field-hint">{hint}</span>}
    </label>
  );
}

/** A select of string values with their labels. */
export function SelectField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { label, value, onChange, options } = props;
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A titled group of fields. */
export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <div className="fieldset-body">{children}</div>
    </fieldset>
  );
}
