/** /settings/bridges/* keeps its sub-routes inside (a bridge by bridgeName for now). */
import { Route, Routes, useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { PlaceholderPage } from './PlaceholderPage.tsx';

function BridgeDetail() {
  const { bridgeName = '' } = useParams();
  return (
    <PlaceholderPage path="/settings/bridges/*">
      <Typography variant="h6" component="h2">
        {bridgeName}
      </Typography>
    </PlaceholderPage>
  );
}

export default function BridgesPage() {
  return (
    <Routes>
      <Route index element={<PlaceholderPage path="/settings/bridges/*" />} />
      <Route path=":bridgeName" element={<BridgeDetail />} />
    </Routes>
  );
}
