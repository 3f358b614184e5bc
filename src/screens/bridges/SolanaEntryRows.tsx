/** The rows of a Solana config table: each token once, its networks on their own lines (rowSpan). */
import { Fragment } from 'react';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { SolanaBridgeRecord } from '../../contract/index.ts';
import { MONO_FONT_STACK } from '../../theme.ts';

export interface SolanaEntryRowsProps {
  entries: readonly SolanaBridgeRecord[];
  onEdit: (token: string) => void;
  /** Without a network: the whole token. */
  onDelete: (token: string, network?: string) => void;
}

export function SolanaEntryRows({ entries, onEdit, onDelete }: SolanaEntryRowsProps) {
  return (
    <>
      {entries.map((entry) => {
        const networks = Object.entries(entry.data);
        const span = Math.max(1, networks.length);
        const tokenCell = (
          <TableCell rowSpan={span} sx={{ verticalAlign: 'top', fontWeight: 600 }}>
            {entry.token}
          </TableCell>
        );
        const actions = (
          <TableCell rowSpan={span} sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
            <IconButton sx={{ p: 0.25 }} aria-label={`Edit ${entry.token}`} onClick={() => onEdit(entry.token)}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton sx={{ p: 0.25, ml: 0.5 }} aria-label={`Delete ${entry.token}`} onClick={() => onDelete(entry.token)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </TableCell>
        );
        if (networks.length === 0) {
          return (
            <TableRow key={entry.token}>
              {tokenCell}
              <TableCell colSpan={3}>
                <Typography variant="body2" color="text.secondary">
                  no networks
                </Typography>
              </TableCell>
              {actions}
            </TableRow>
          );
        }
        return (
          <Fragment key={entry.token}>
            {networks.map(([network, { address, decimals }], i) => (
              <TableRow key={network} aria-label={`${entry.token} on ${network}`}>
                {i === 0 && tokenCell}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {network}
                  <Tooltip title={`Remove ${network} from ${entry.token}`}>
                    <IconButton aria-label={`Remove ${network} from ${entry.token}`} onClick={() => onDelete(entry.token, network)} sx={{ ml: 0.5, p: 0.25 }}>
                      <ClearIcon sx={{ fontSize: 16 }} />
                    </IconButton>
                  </Tooltip>
                </TableCell>
                <TableCell sx={{ fontFamily: MONO_FONT_STACK, fontSize: 12, wordBreak: 'break-all' }}>{address}</TableCell>
                <TableCell align="right">{decimals}</TableCell>
                {i === 0 && actions}
              </TableRow>
            ))}
          </Fragment>
        );
      })}
    </>
  );
}
