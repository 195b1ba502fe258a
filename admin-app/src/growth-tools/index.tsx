import { mount } from '../shared/mount';
import { routes } from './routes';

mount( 'growth-tools', routes );
