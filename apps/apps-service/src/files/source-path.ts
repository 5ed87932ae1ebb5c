// The source tree's rules are shared with generation-service (a model's writes keep them too): one definition in contracts.
export { byteSize, contentProblem, fileCountProblem, pathProblem, treeProblems, treeSizeProblem } from '@appgen/contracts';
