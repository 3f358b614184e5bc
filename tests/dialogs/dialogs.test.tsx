// @vitest-environment jsdom
import { act, fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../src/ui/dialogs/ConfirmDialog.tsx';
import { InputDialog } from '../../src/ui/dialogs/InputDialog.tsx';
import { SelectDialog } from '../../src/ui/dialogs/SelectDialog.tsx';
import { JsonDialog, formatForPopup } from '../../src/ui/dialogs/JsonDialog.tsx';

// Ripples animate on timers of their own after a test's last step; they are not what is tested here.
const theme = createTheme({ components: { MuiButtonBase: { defaultProps: { disableRipple: true } } } });
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider> });

describe('§2 confirm dialog', () => {
  it('asks Yes/No and calls only the chosen one', () => {
    const onYes = vi.fn();
    const onNo = vi.fn();
    render(<ConfirmDialog open title="Delete token?" message="LINK is removed." onYes={onYes} onNo={onNo} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete token?' });
    expect(dialog).toHaveTextContent('LINK is removed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(onNo).toHaveBeenCalledTimes(1);
    expect(onYes).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(onYes).toHaveBeenCalledTimes(1);
  });

  it('§2 a width override applies only above 100', () => {
    const { rerender } = render(<ConfirmDialog open title="A" message="m" onYes={() => {}} onNo={() => {}} width={100} />);
    expect(screen.getByRole('dialog').style.width).toBe('');
    rerender(<ConfirmDialog open title="A" message="m" onYes={() => {}} onNo={() => {}} width={101} />);
    expect(getComputedStyle(screen.getByRole('dialog')).width).toBe('101px');
  });
});

describe('§2/§5 single text input dialog', () => {
  it('saves only when the value changed and the caller validator accepts it', async () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    render(
      <InputDialog
        open
        title="Rename"
        label="Name"
        initialValue="LINK"
        validate={(v) => (v.trim() === '' ? 'Name is required' : null)}
        onSave={onSave}
        onClose={onClose}
      />,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled(); // unchanged
    const input = screen.getByLabelText('Name');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: 'LINK' } });
    expect(save).toBeDisabled(); // back to the initial value: nothing to save
    fireEvent.change(input, { target: { value: 'LINK2' } });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(onSave).toHaveBeenCalledWith('LINK2');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps what was typed and shows the reason when saving fails', async () => {
    const onClose = vi.fn();
    render(
      <InputDialog open title="Rename" label="Name" initialValue="a" onSave={() => Promise.reject(new Error('conflict'))} onClose={onClose} />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'b' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('conflict');
    expect(screen.getByLabelText('Name')).toHaveValue('b');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('§2/§5 single select dialog', () => {
  it('offers an empty option first and saves only a changed value', async () => {
    const onSave = vi.fn();
    render(<SelectDialog open title="Trade mode" label="Mode" options={['auto', 'force']} initialValue="auto" onSave={onSave} onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Mode' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['(none)', 'auto', 'force']);
    fireEvent.click(options[0]!);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onSave).toHaveBeenCalledWith('');
  });
});

describe('§2 JSON popup', () => {
  it('pretty-prints JSON and shows markup as text', () => {
    expect(formatForPopup('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatForPopup('not json')).toBe('not json');
    render(<JsonDialog open title="Raw" value={{ name: '<img src=x onerror=alert(1)>' }} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Raw' })).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });
});
