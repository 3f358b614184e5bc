// @vitest-environment jsdom
/**
 * Bad input: §5 dialog validators at their edges (src/ui/dialogs). The basic "saves only when changed"
 * cases are in tests/dialogs/dialogs.test.tsx; these add the keyboard path, re-opening, and saving
 * twice while the first save is still under way.
 */
import { act, fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { InputDialog } from '../../src/ui/dialogs/InputDialog.tsx';
import { SelectDialog } from '../../src/ui/dialogs/SelectDialog.tsx';

const theme = createTheme({ components: { MuiButtonBase: { defaultProps: { disableRipple: true } } } });
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider> });

/** A save that stays under way until `finish` is called. */
function pendingSave() {
  let finish = () => {};
  const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  return { onSave, finish: () => finish() };
}

const nonEmpty = (v: string) => (v.trim() === '' ? 'Name is required' : null);

describe('§5 text input dialog validator and change rule', () => {
  it('§5 Enter saves only a changed, valid value, exactly like the Save button', async () => {
    const onSave = vi.fn();
    render(<InputDialog open title="Rename" label="Name" initialValue="LINK" validate={nonEmpty} onSave={onSave} onClose={() => {}} />);
    const input = screen.getByLabelText('Name');
    fireEvent.keyDown(input, { key: 'Enter' }); // unchanged
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' }); // refused by the validator
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'LINK2' } });
    expect(screen.queryByText('Name is required')).toBeNull();
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('LINK2');
  });

  it('§5 the validator sees exactly what was typed (no trimming) and its message decides', async () => {
    const validate = vi.fn((v: string) => (v !== v.trim() ? 'No spaces at the ends' : null));
    const onSave = vi.fn();
    render(<InputDialog open title="Rename" label="Name" initialValue="LINK" validate={validate} onSave={onSave} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' LINK ' } });
    expect(validate).toHaveBeenLastCalledWith(' LINK ');
    expect(screen.getByText('No spaces at the ends')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('§5 re-opening starts again from the initial value: an abandoned edit is not saved later', () => {
    const onSave = vi.fn();
    const ui = (open: boolean) => <InputDialog open={open} title="Rename" label="Name" initialValue="LINK" onSave={onSave} onClose={() => {}} />;
    const { rerender } = render(ui(true));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'typed then cancelled' } });
    rerender(ui(false));
    rerender(ui(true));
    expect(screen.getByLabelText('Name')).toHaveValue('LINK');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('§5 Save clicked twice while the first save is under way saves once', async () => {
    const { onSave, finish } = pendingSave();
    render(<InputDialog open title="Rename" label="Name" initialValue="a" onSave={onSave} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'b' } });
    const save = screen.getByRole('button', { name: 'Save' });
    await act(async () => {
      fireEvent.click(save);
    });
    await act(async () => {
      fireEvent.click(save);
    });
    await act(async () => finish());
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  // The Enter path of src/ui/dialogs/InputDialog.tsx goes through the same in-flight guard as Save
  // (src/ui/dialogs/useDialogValue.ts): without it a second Enter during a slow save would send the
  // change twice.
  it('§5 Enter pressed twice while the first save is under way saves once', async () => {
    const { onSave, finish } = pendingSave();
    render(<InputDialog open title="Rename" label="Name" initialValue="a" onSave={onSave} onClose={() => {}} />);
    const input = screen.getByLabelText('Name');
    fireEvent.change(input, { target: { value: 'b' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await act(async () => finish());
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});

describe('§5 select dialog change rule', () => {
  async function choose(label: string, option: string) {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    const listbox = await screen.findByRole('listbox');
    fireEvent.click(within(listbox).getByRole('option', { name: option }));
  }

  it('§5 choosing the value it already has, or (none) when empty, is no change: Save stays disabled', async () => {
    const onSave = vi.fn();
    const { unmount } = render(<SelectDialog open title="Mode" label="Mode" options={['auto', 'force']} initialValue="auto" onSave={onSave} onClose={() => {}} />);
    await choose('Mode', 'auto');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await choose('Mode', 'force');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await choose('Mode', 'auto');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    unmount();
    render(<SelectDialog open title="Mode" label="Mode" options={['auto']} initialValue="" onSave={onSave} onClose={() => {}} />);
    await choose('Mode', '(none)');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(onSave).not.toHaveBeenCalled();
  });

  // src/ui/dialogs/SelectDialog.tsx disables Save while a save is under way: with Save enabled, a
  // double click would send the change twice.
  it('§5 Save clicked twice while the first save is under way saves once', async () => {
    const { onSave, finish } = pendingSave();
    render(<SelectDialog open title="Mode" label="Mode" options={['auto', 'force']} initialValue="auto" onSave={onSave} onClose={() => {}} />);
    await choose('Mode', 'force');
    const save = screen.getByRole('button', { name: 'Save' });
    await act(async () => {
      fireEvent.click(save);
    });
    await act(async () => {
      fireEvent.click(save);
    });
    await act(async () => finish());
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
