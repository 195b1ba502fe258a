import { mount } from '../shared/mount';
import { routes } from './routes';

mount( 'welcome', routes );
