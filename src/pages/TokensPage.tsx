import { TokensScreen } from '../resources/tokens/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function TokensPage() {
  return (
    <PlaceholderPage path="/settings/tokens">
      <TokensScreen admin />
    </PlaceholderPage>
  );
}
