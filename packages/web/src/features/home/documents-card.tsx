import { NewDocumentsCard } from '../documents';
import { useParticipantHome } from './api/get-home-detail';

/** The home card (docs/home.md#new-documents): the new documents of the home detail, read from the home page's query. */
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
