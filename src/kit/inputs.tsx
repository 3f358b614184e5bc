/**
 * The kit's form and filter inputs: react-admin's useInput (form state, validation, filters) over
 * MUI's TextField. react-admin 5's own TextInput and SelectInput hand MUI 9 the removed `InputProps`
 * prop, which reaches the DOM; these pass everything through slotProps instead.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { FieldTitle, useInput, ValidationError, type InputProps, type ValidationErrorMessage } from 'react-admin';

export interface KitInputProps extends Pick<InputProps, 'source' | 'validate' | 'defaultValue' | 'parse' | 'format'> {
  label: string;
  helperText?: string | false;
  disabled?: boolean;
  placeholder?: string;
  sx?: SxProps<Theme>;
  multiline?: boolean;
  minRows?: number;
  /** The filter form reads these; harmless elsewhere. */
  alwaysOn?: boolean;
  type?: 'text' | 'number';
  inputMode?: 'numeric' | 'text';
  monospace?: boolean;
}

export interface KitSelectInputProps extends KitInputProps {
  choices: readonly string[];
  /** The empty choice's text; no empty choice when absent. */
  emptyText?: string;
  /** How a choice reads (its value by default). */
  optionText?: (choice: string) => string;
}

function useKitInput(props: KitInputProps) {
  const { source, validate, defaultValue, parse, format } = props;
  const { field, fieldState, isRequired } = useInput({ source, validate, defaultValue, parse, format });
  // react-admin puts a form-level validate's message in an object ({ message, args }), which
  // ValidationError reads (and translates); rendering it as text would crash the form.
  const message: unknown = fieldState.invalid ? fieldState.error?.message : undefined;
  const error = message === undefined || message === '' ? undefined : (message as ValidationErrorMessage);
  return { field, error, isRequired };
}

function common(props: KitInputProps, error: ValidationErrorMessage | undefined) {
  return {
    label: <FieldTitle label={props.label} source={props.source} />,
    error: error !== undefined,
    helperText: error === undefined ? props.helperText || ' ' : <ValidationError error={error} />,
    disabled: props.disabled,
    placeholder: props.placeholder,
    size: 'small' as const,
    variant: 'filled' as const,
    sx: props.sx ?? { minWidth: 240 },
  };
}

export function KitTextInput(props: KitInputProps) {
  const { field, error } = useKitInput(props);
  return (
    <TextField
      {...common(props, error)}
      {...field}
      id={field.name}
      value={field.value ?? ''}
      type={props.type}
      multiline={props.multiline}
      minRows={props.minRows}
      slotProps={{
        htmlInput: {
          inputMode: props.inputMode,
          spellCheck: props.monospace ? false : undefined,
          style: props.monospace ? { fontFamily: 'monospace' } : undefined,
        },
      }}
    />
  );
}

/** Numbers as numbers (an empty field is null: not set). */
export function KitNumberInput(props: KitInputProps) {
  return (
    <KitTextInput
      {...props}
      type="number"
      parse={(v: string) => (v === '' ? null : Number(v))}
      format={(v: unknown) => (v === null || v === undefined ? '' : String(v))}
    />
  );
}

export function KitSelectInput(props: KitSelectInputProps) {
  const { field, error } = useKitInput(props);
  return (
    <TextField {...common(props, error)} {...field} id={field.name} value={field.value ?? ''} select>
      {props.emptyText !== undefined && <MenuItem value="">{props.emptyText}</MenuItem>}
      {props.choices.map((c) => (
        <MenuItem key={c} value={c}>
          {props.optionText ? props.optionText(c) : c}
        </MenuItem>
      ))}
    </TextField>
  );
}
