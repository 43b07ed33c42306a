// The page's first script (index.html), before the app's code: see first-screen-data.ts.
import { askForFirstScreenData } from './first-screen-data';

askForFirstScreenData(window.location.pathname);
