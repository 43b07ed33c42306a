export { BenchmarkScreen } from './components/benchmark-screen';
