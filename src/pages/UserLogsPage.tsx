import { UserLogList } from '../resources/userLogs/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function UserLogsPage() {
  return (
    <PlaceholderPage path="/settings/userlogs">
      <UserLogList />
    </PlaceholderPage>
  );
}
