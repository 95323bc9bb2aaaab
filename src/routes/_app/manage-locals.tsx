import { createFileRoute } from '@tanstack/react-router';
import { LocalisationManager } from '../../features/localisation/localisation-manager';

/** The localisation manager: Owner and Admin (others read why they see nothing). */
export const Route = createFileRoute('/_app/manage-locals')({
  component: LocalisationManager,
});
