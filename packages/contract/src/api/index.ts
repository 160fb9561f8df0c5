import { accountApi } from './account';
import { activityApi } from './activity';
import { addressApi } from './addresses';
import { appointmentApi } from './appointments';
import { assistanceApi } from './assistance';
import { authApi } from './auth';
import { authenticatorAppApi } from './authenticator-app';
import { centreApi } from './centre';
import { checkupApi } from './checkups';
import { correspondantApi } from './correspondants';
import { dataProtectionApi } from './data-protection';
import { devApi } from './dev';
import { documentApi } from './documents';
import { enumApi } from './enums';
import { healthApi } from './health';
import { homeApi } from './home';
import { mutationApi } from './mutations';
import { myDataApi } from './my-data';
import { notificationApi } from './notifications';
import { participantImportApi } from './participant-import';
import { participantApi } from './participants';
import { passkeyApi } from './passkeys';
import { recoveryApi } from './recovery';
import { registrationApi } from './registration';
import type { ApiRoute } from './route';
import { secondFactorApi } from './second-factors';
import { sessionApi } from './sessions';
import { sheetApi } from './sheets';

/** Every call of the portal's API, by feature: the one list the server serves and the web calls. */
export const API = {
  account: accountApi,
  activity: activityApi,
  addresses: addressApi,
  appointments: appointmentApi,
  assistance: assistanceApi,
  auth: authApi,
  authenticatorApp: authenticatorAppApi,
  centre: centreApi,
  checkups: checkupApi,
  correspondants: correspondantApi,
  dataProtection: dataProtectionApi,
  dev: devApi,
  documents: documentApi,
  enums: enumApi,
  health: healthApi,
  home: homeApi,
  mutations: mutationApi,
  notifications: notificationApi,
  myData: myDataApi,
  participants: participantApi,
  participantImport: participantImportApi,
  passkeys: passkeyApi,
  recovery: recoveryApi,
  registration: registrationApi,
  secondFactors: secondFactorApi,
  sessions: sessionApi,
  sheets: sheetApi,
};

/** The declarations as one list (the server's declared-versus-served check reads it). */
export const API_ROUTES: readonly ApiRoute[] = Object.values(API).flatMap((group) =>
  Object.values<ApiRoute>(group),
);
