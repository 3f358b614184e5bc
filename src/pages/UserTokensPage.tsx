import { TokensScreen } from '../resources/tokens/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

/** §6 any signed-in role: the token list read-only, with the pins. */
export default function UserTokensPage() {
  return (
    <PlaceholderPage path="/tsettings/tokens">
      <TokensScreen admin={false} />
    </PlaceholderPage>
  );
}
