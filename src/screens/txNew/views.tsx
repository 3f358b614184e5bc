/** /tx/new in its frame: the lazy chunk index.ts registers. */
import { TxNewScreen } from './TxNewScreen.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';

export default function TxNewPage() {
  return (
    <ScreenFrame path="/tx/new">
      <TxNewScreen />
    </ScreenFrame>
  );
}
