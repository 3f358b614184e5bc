/** /settings/tokens (admin) and /tsettings/tokens (read-only plus pins): the list, or the form over it. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { useLive } from '../../realtime/index.ts';
import { TokenForm } from './TokenForm.tsx';
import { TokenList } from './TokenList.tsx';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; tokenName: string };

export function TokensScreen({ admin }: { admin: boolean }) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const editName = mode.kind === 'edit' ? mode.tokenName : '';
  // The form is seeded once from the live record; later live changes surface as a 409 on save.
  const editing = useLive((s) => (editName === '' ? undefined : s.allTokens[editName]));
  const back = () => setMode({ kind: 'list' });
  if (admin && mode.kind === 'create') return <TokenForm onDone={back} />;
  if (admin && mode.kind === 'edit') {
    if (!editing) return <Alert severity="warning" onClose={back}>Token {editName} no longer exists.</Alert>;
    return <TokenForm key={editName} token={editing} onDone={back} />;
  }
  return (
    <TokenList
      admin={admin}
      onCreate={() => setMode({ kind: 'create' })}
      onEdit={(tokenName) => setMode({ kind: 'edit', tokenName })}
    />
  );
}
