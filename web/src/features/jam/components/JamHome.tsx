import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { Button, PageHero, PageLoader, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { currentJamQuery, useStartJam } from '../api/jams';
import { JamArt } from './JamArt';
import './jam.css';

/** `/jam`: the Jam you are in, or a way to start one. */
export function JamHome() {
  const current = useQuery(currentJamQuery());
  const start = useStartJam();
  const navigate = useNavigate();
  const toast = useToast();

  // A Jam kept from before may have ended since: follow it only once read afresh.
  if (current.isPending || (current.isFetching && current.data)) return <PageLoader />;
  if (current.data) return <Navigate to={`/jam/${current.data.id}`} replace />;
  return (
    <div className="page">
      <title>Jam · Musicify</title>
      <PageHero
        eyebrow="Listen together"
        title="Jam"
        tint="violet"
        art={<JamArt />}
        description="Start a Jam and send its link: everyone adds songs to one queue and hears the same second, on their own device or on one that plays for the room."
        actions={
          <Button
            size="lg"
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: (jam) => void navigate(`/jam/${jam.id}`),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            Start a Jam
          </Button>
        }
      />
    </div>
  );
}
