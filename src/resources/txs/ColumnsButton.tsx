/** Which columns the transaction table shows (react-admin's column choice), kept in the preference store. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { TX_COLUMNS } from './txFormat.ts';

export function ColumnsButton({ shown, onChange }: { shown: readonly string[]; onChange: (fields: string[]) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (field: string) => {
    const next = shown.includes(field) ? shown.filter((f) => f !== field) : [...shown, field];
    // At least one column stays: a table of nothing explains nothing.
    if (next.length > 0) onChange(TX_COLUMNS.map((c) => c.field).filter((f) => next.includes(f)));
  };
  return (
    <>
      <Button size="small" startIcon={<ViewColumnIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        Columns
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': 'Columns', dense: true } }}>
        {TX_COLUMNS.map((c) => (
          <MenuItem key={c.field} role="menuitemcheckbox" aria-checked={shown.includes(c.field)} onClick={() => toggle(c.field)} dense>
            <Checkbox size="small" checked={shown.includes(c.field)} tabIndex={-1} disableRipple sx={{ p: 0, mr: 1 }} slotProps={{ input: { 'aria-hidden': true } }} />
            <ListItemText primary={c.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
