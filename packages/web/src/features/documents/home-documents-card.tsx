import { useParticipantHome } from '../home/api/get-home-detail';
import { NewDocumentsCard } from './components/new-documents-card';

/** The home card (000 §2.5): the new documents of the home detail, read from the home page's query. */
export function HomeDocumentsCard() {
  const { data, isError, refetch } = useParticipantHome();
  return (
    <NewDocumentsCard
      documents={data?.documents}
      refused={data?.refusDmc ?? false}
      failed={isError}
      onRetry={() => void refetch()}
    />
  );
}
