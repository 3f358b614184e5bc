import { useState } from 'react';
import { ConfigEditor } from './ConfigEditor.tsx';
import { ConfigList } from './ConfigList.tsx';

export function ConfigsScreen() {
  const [open, setOpen] = useState<string | null>(null);
  return open === null ? <ConfigList onOpen={setOpen} /> : <ConfigEditor key={open} configName={open} onClose={() => setOpen(null)} />;
}
