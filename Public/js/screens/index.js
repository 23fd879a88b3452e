// The four screens, in tab order.
import profile from './profile.js';
import checkout from './checkout.js';
import gift from './gift.js';
import tasks from './tasks.js';

export const SCREEN_MODULES = [profile, checkout, gift, tasks];
