/** What other features use of "My activity" (docs/activity.md). */
export { type ActivityDeps, activityPages } from './activity.service';
