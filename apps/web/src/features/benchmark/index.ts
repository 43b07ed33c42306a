export { benchmarkQuery } from './api';
export { BenchmarkScreen } from './components/benchmark-screen';
