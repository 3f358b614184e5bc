/** /tx/{id}: the transaction page (the definition's show view); Back returns to the list as it was left. */
import { useNavigate, useParams } from 'react-router-dom';
import { TxDetail } from './TxDetail.tsx';

export function TxShow() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <TxDetail
      key={id}
      id={id}
      // react-admin's list comes back with the filters, sort and page it had (kept in its store).
      onBack={() => navigate('/tx')}
      onShowTrade={(tradeId) => navigate(`/tx?${new URLSearchParams({ filter: JSON.stringify({ q: tradeId }) }).toString()}`)}
    />
  );
}
