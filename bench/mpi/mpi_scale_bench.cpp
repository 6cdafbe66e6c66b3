// SPDX-License-Identifier: BSD-3-Clause
// One MPI rank per GPU (docs/SCALING.md, MPI ranks), 1, 2, 4, ... ranks in one run:
//   mpirun -np P mpi_scale_bench OUT.json [--quick]      (P = the node's GPU count, one rank per GPU)
// For n = 1, 2, 4, ... <= P, the first n ranks time workloads.hpp's calls through gpurng_mpi.h on a communicator of
// n ranks (the others wait): the block-policy fill (each rank's part into its own GPU's memory), the Asian basket
// pricer (its moments exchanged inside the call) and the PDE batch (host arrays staged to the rank's GPU, every rank
// receiving every price inside the call). Each call is timed between two barriers of those n ranks: the slowest rank's
// time, MPI_Init and the collective creates outside it. Then rank 0 alone times, on devices 0 .. n-1, the same calls
// split by gpurngCreateWorkers in one process (the speed-up to compare with), and the one-device call. Speed-ups: MPI
// time(1 rank) / MPI time(n ranks); in-process one-device time / split time(n devices).
#include <cuda_runtime.h>
#include <mpi.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../bench_report.hpp"
#include "../scale/workloads.hpp"
#include "gpurng_mpi.h"

namespace {

using scale_workloads::check;
using scale_workloads::seconds;

struct Row {
  std::string what;
  int n;
  double mpi_s;
};

// Progress on stderr (rank, stage, seconds since start), so that a stalled run shows where it stopped.
void stage(const char* what, int n) {
  static const double start = MPI_Wtime();
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::fprintf(stderr, "[rank %d, %.1f s] n = %d: %s\n", rank, MPI_Wtime() - start, n, what);
  std::fflush(stderr);
}

// Rank `rank`'s part of a block fill of `total` over `ranks` ranks: the split rule of every worker list
// (gpurngSplitCount; gpurng_mpi.h's block policy uses the same).
size_t part_of(size_t total, int rank, int ranks) {
  gpurngWorkers_t w = nullptr;
  check(gpurngCreateWorkers(&w, GPURNG_BACKEND_CPU, nullptr, ranks), "workers");
  std::vector<size_t> counts(static_cast<size_t>(ranks));
  check(gpurngSplitCount(w, total, counts.data()), "split");
  gpurngDestroyWorkers(w);
  return counts[static_cast<size_t>(rank)];
}

// The MPI figures of the n-rank communicator `comm` (valid on its ranks only).
void time_mpi(MPI_Comm comm, bool quick, std::vector<double>* mpi_s) {
  const int handle = MPI_Comm_c2f(comm);
  int rank = 0, n = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &n);
  const auto fence = [comm] { MPI_Barrier(comm); };
  const size_t total = scale_workloads::fill_total(quick);
  for (gpurngRngType_t engine : scale_workloads::kFillEngines) {
    stage(scale_workloads::fill_name(engine), n);
    gpurngGenerator_t g = nullptr;
    check(gpurngMpiCreateGenerator(&g, handle, engine, 1234, GPURNG_MPI_BLOCKS, 0), "MPI generator");
    float* part = nullptr;
    if (cudaMalloc(&part, part_of(total, rank, n) * sizeof(float)) != cudaSuccess)
      check(GPURNG_STATUS_ALLOCATION_FAILED, "part");
    mpi_s->push_back(
        seconds([&] { check(gpurngMpiGenerateUniform(g, handle, total, part, nullptr), "MPI fill"); }, 5, fence));
    cudaFree(part);
    gpurngDestroyGenerator(g);
  }
  {
    stage("asian", n);
    scale_workloads::Asian asian(quick);
    gpurngPricer_t p = nullptr;
    check(gpurngMpiCreatePricer(&p, handle, GPURNG_BACKEND_CUDA), "MPI pricer");
    mpi_s->push_back(seconds([&] { check(asian.price(p), "MPI price"); }, 5, fence));
    gpurngDestroyPricer(p);
  }
  {
    stage("pde", n);
    scale_workloads::PdeBatch batch(quick);
    // The rank's GPU as a one-worker list: its solver stages the host arrays to the GPU (an ordinary solver would
    // solve host arrays on the CPU threads).
    int device = 0;
    cudaGetDevice(&device);
    gpurngWorkers_t mine = nullptr;
    check(gpurngCreateWorkers(&mine, GPURNG_BACKEND_CUDA, &device, 1), "workers");
    gpurngSolver_t s = nullptr;
    check(gpurngCreateSolverOnWorkers(&s, mine), "solver");
    gpurngDestroyWorkers(mine);
    auto pde = [&](auto... a) {
      return gpurngMpiBlackScholesPde1dFloat(s, handle, a..., nullptr, nullptr, nullptr, nullptr);
    };
    mpi_s->push_back(seconds([&] { check(batch.run(pde, 0, batch.count), "MPI pde"); }, 5, fence));
    gpurngDestroySolver(s);
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  gpurng_bench::Args args = gpurng_bench::parse_args(argc, argv, "mpi_scale_bench.json");
  if (argc > 1 && argv[1][0] != '-') args.json = argv[1];
  int rank = 0, ranks = 1, gpus = 0, local = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &local);
  MPI_Comm_free(&node);
  if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus < ranks) {
    if (rank == 0) std::fprintf(stderr, "needs a GPU per rank (%d GPUs, %d ranks)\n", gpus, ranks);
    MPI_Finalize();
    return 77;
  }
  cudaSetDevice(local);
  const char* names[] = {"fill RANMAR", "fill Philox", "asian", "pde"};
  std::vector<Row> rows;
  for (int n = 1; n <= ranks; n *= 2) {
    MPI_Comm comm;
    MPI_Comm_split(MPI_COMM_WORLD, rank < n ? 0 : MPI_UNDEFINED, rank, &comm);
    std::vector<double> mpi_s;
    if (comm != MPI_COMM_NULL) {
      time_mpi(comm, args.quick, &mpi_s);
      MPI_Comm_free(&comm);
    }
    if (rank == 0)
      for (size_t i = 0; i < mpi_s.size(); ++i) {
        rows.push_back({names[i], n, mpi_s[i]});
        std::printf("%-12s %d ranks %9.3f ms\n", names[i], n, mpi_s[i] * 1e3);
        std::fflush(stdout);
      }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0) {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    std::ostringstream js;
    js << "{\n  \"benchmark\": \"mpi_scale_bench\",\n  \"device\": \"" << prop.name << "\",\n  \"devices\": " << gpus
       << ",\n  \"ranks\": " << ranks << ",\n  \"host_cpu\": \"" << gpurng_bench::host_cpu()
       << "\",\n  \"command\": \"mpirun -np " << ranks << " " << args.command << "\",\n  \"rows\": [\n";
    for (size_t i = 0; i < rows.size(); ++i) {
      const Row& x = rows[i];
      double mpi1 = 0;
      for (const Row& y : rows)
        if (y.what == x.what && y.n == 1) mpi1 = y.mpi_s;
      js << "    {\"what\": \"" << x.what << "\", \"ranks\": " << x.n << ", \"mpi_ms\": " << x.mpi_s * 1e3
         << ", \"mpi_speedup\": " << mpi1 / x.mpi_s << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
    }
    js << "  ]\n}\n";
    std::ofstream(args.json) << js.str();
    std::printf("wrote %s\n", args.json.c_str());
  }
  MPI_Finalize();
  return 0;
}
