import { mount } from '../shared/mount';
import { routes } from './routes';

mount( 'surveys', routes );
