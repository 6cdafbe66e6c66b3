! SPDX-License-Identifier: BSD-3-Clause
!
! gpurng: Fortran interface to libgpurng's C API through ISO_C_BINDING: include/gpurng.h (generators),
! include/gpurng_tridiag.h (batched tridiagonal solvers), include/gpurng_pde.h (Black-Scholes PDE) and
! include/gpurng_pricing.h (Monte Carlo and RQMC pricers).
!
! Ship and use it as source: compile this file with the compiler of your program (.mod files are
! compiler- and version-specific), `use gpurng`, link with -lgpurng. It compiles with -std=f2008.
!
! Part 1 declares every function of the four headers under its C name with exactly its C arguments,
! every constant (enum values, numeric #defines) with its value, and every struct as a BIND(C) derived
! type of the same name and members. What each call does and which statuses it returns is documented in
! the headers and not repeated here. tests/fortran/check_module.py keeps this file in step with the
! headers (names, argument counts and kinds, by-value or by-reference, constant values, struct members).
! Part 2 adds a few thin Fortran conveniences (snake_case names): the error string as a CHARACTER,
! generation into assumed-shape arrays, zero-copy access through Fortran pointers.
!
! How C types map (the same rule everywhere, so the checker can verify it):
!   gpurngGenerator_t, gpurngSolver_t,     type(c_ptr), value       opaque handle; c_null_ptr = none
!     gpurngPricer_t
!   gpurngGenerator_t *, gpurngSolver_t *, type(c_ptr), intent(out) the handle a create call returns
!     gpurngPricer_t *
!   enums (status, engine, backend,        integer(c_int), value
!     algorithm, scheme), int,
!     unsigned int
!   size_t                                 integer(c_size_t), value
!   unsigned long long                     integer(c_long_long), value
!   float, double                          real(c_float), real(c_double), value
!   T * (one value written)                T's kind, scalar, intent(out)
!   T * (a buffer of num values written)   T's kind, assumed-size array output(*)
!   const T * (an array read), T * (an     T's kind, assumed-size array x(*), intent(in) / (inout) / (out)
!     array read and written)                e.g. dims(*), dl(*), d(*), du(*), x(*), kind(*), price(*)
!   T * that C allows to be NULL           type(c_ptr), value       see "Optional arrays" below
!   const T ** (zero-copy pointer), T **   type(c_ptr), intent(out)  e.g. the static Sobol' tables
!   gpurngCudaStream_t                     type(c_ptr), value       a cudaStream_t; c_null_ptr = default
!   gpurngDirectionVectors32_t / 64_t      arrays of 32 / 64 integer(c_int) / integer(c_long_long):
!                                          the tables come back as type(c_ptr); c_f_pointer to (32, 20000)
!   const char * (function result)         type(c_ptr)
!   a struct typedef S (gpurngPricing-    type(S): the BIND(C) derived type of the same name, see
!     Options_t, gpurngLiborParams_t, ...)   "Structs" below
!   const S * (one struct read), S * (one  type(S), scalar, intent(in) / intent(out)
!     struct written)                        e.g. options, a LIBOR or MBS params, the MBS result
!   const S * (count structs read), S *    type(S), assumed-size array, intent(in) / intent(out)
!     (count structs written)                e.g. params(*) of the Asian basket, results(*)
! Fortran has no unsigned integers: unsigned values keep their bits, so an unsigned long long
! of 2**63 or more (an offset, a 64-bit raw output) reads as negative in Fortran; unsigned int
! outputs (24-bit RANMAR values) and all seeds are far below the sign bit.
!
! Output buffers are assumed-size arrays because a Fortran caller's buffer is an array: pass the
! array (or its first element) and num. Device memory (CUDA backend) or memory held as a type(c_ptr)
! goes through c_f_pointer to a `pointer, contiguous` array, which passes the address unchanged.
!
! Optional arrays (NULL allowed in C). The solver and PDE arguments that the headers document as
! "NULL, or ..." are declared type(c_ptr), value, the one way to pass either an address or NULL that
! Fortran 2003/2008 offer: pads, info (gpurng?gtsv*Batch), delta, gamma, grid, info
! (gpurngBlackScholesPde1d*). Pass c_loc(a) for an array a that has the TARGET (or POINTER) attribute
! and is contiguous (c_loc(a) is the address of its first element), or c_null_ptr to leave it out;
! for device memory pass the type(c_ptr) the CUDA allocation returned. Arguments the headers require
! (dims, dl, d, du, x, kind, S0, ..., price) stay assumed-size arrays. The one older exception is
! gpurngParkMillerNext's uniform, NULL-able in C but declared a required scalar since the first
! release (changing it would break callers): pass a real(c_double) variable there.
!
! Structs (gpurng_pricing.h). Each C struct is a derived type of the same name with the BIND(C)
! attribute, so it has the layout the companion C compiler gives the struct: its components are the C
! members under the same names, in the same order, each mapped as the scalars above (enums and int ->
! integer(c_int), unsigned long long -> integer(c_long_long), double -> real(c_double)). A pointer member
! (gpurngLiborParams_t's initial and loadings, const double * in C) is a type(c_ptr) component: set it to
! c_loc(a) of a contiguous array a with the TARGET attribute that lives through the call. The components
! have no default values: fill a type(gpurngPricingOptions_t) with gpurngPricingOptionsDefault, then set
! the fields you need, as in C.
!
! Solver layouts from Fortran: the headers' dims[0] is the contiguous index, as Fortran's first
! subscript, so an array x(m, nbatch) is dims = [m, nbatch]; solvedim counts from 0 as in C (0 = the
! first Fortran subscript), and info entries are C's (0 = solved, i + 1 = row i, 0-based, failed).
module gpurng
  use, intrinsic :: iso_c_binding, only: c_int, c_long_long, c_size_t, c_float, c_double, c_char, &
                                         c_ptr, c_null_ptr, c_null_char, c_associated, c_f_pointer, c_funptr
  implicit none
  private :: c_int, c_long_long, c_size_t, c_float, c_double, c_char, c_ptr, c_null_ptr, c_null_char, &
             c_associated, c_f_pointer

  ! ---- gpurngStatus_t (values 0..999 are cuRAND's; they never change) ---------------------------
  integer(c_int), parameter :: GPURNG_STATUS_SUCCESS = 0
  integer(c_int), parameter :: GPURNG_STATUS_VERSION_MISMATCH = 100
  integer(c_int), parameter :: GPURNG_STATUS_NOT_INITIALIZED = 101
  integer(c_int), parameter :: GPURNG_STATUS_ALLOCATION_FAILED = 102
  integer(c_int), parameter :: GPURNG_STATUS_TYPE_ERROR = 103
  integer(c_int), parameter :: GPURNG_STATUS_OUT_OF_RANGE = 104
  integer(c_int), parameter :: GPURNG_STATUS_LENGTH_NOT_MULTIPLE = 105
  integer(c_int), parameter :: GPURNG_STATUS_DOUBLE_PRECISION_REQUIRED = 106
  integer(c_int), parameter :: GPURNG_STATUS_LAUNCH_FAILURE = 201
  integer(c_int), parameter :: GPURNG_STATUS_PREEXISTING_FAILURE = 202
  integer(c_int), parameter :: GPURNG_STATUS_INITIALIZATION_FAILED = 203
  integer(c_int), parameter :: GPURNG_STATUS_ARCH_MISMATCH = 204
  integer(c_int), parameter :: GPURNG_STATUS_INTERNAL_ERROR = 999
  integer(c_int), parameter :: GPURNG_STATUS_NULL_POINTER = 1000
  integer(c_int), parameter :: GPURNG_STATUS_INVALID_VALUE = 1001
  integer(c_int), parameter :: GPURNG_STATUS_ZERO_PIVOT = 1002         ! tiny pivot in a tridiagonal solve
  integer(c_int), parameter :: GPURNG_STATUS_UNSTABLE_SCHEME = 1003    ! explicit PDE step too large
  integer(c_int), parameter :: GPURNG_STATUS_OVERLAPPING_ARRAYS = 1004 ! an output overlaps an input
  integer(c_int), parameter :: GPURNG_STATUS_MIXED_MEMORY = 1005       ! host and device arrays in one call
  integer(c_int), parameter :: GPURNG_STATUS_RESULT_OUT_OF_BOUNDS = 1006 ! a PDE output not finite or out of bounds
  integer(c_int), parameter :: GPURNG_STATUS_STREAM_END = 1007        ! a call would pass its stream's end

  ! ---- gpurngRngType_t (engines; see gpurng.h for each engine's outputs) --------------------------
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_DEFAULT = 100        ! cuRAND's default: XORWOW
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_XORWOW = 101         ! cuRAND's XORWOW, cuRAND's layout
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_MRG32K3A = 121       ! cuRAND's MRG32k3a
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_PHILOX4_32_10 = 161  ! Philox4x32-10, cuRAND's layout
  integer(c_int), parameter :: GPURNG_RNG_QUASI_DEFAULT = 200         ! cuRAND's default: SOBOL32
  integer(c_int), parameter :: GPURNG_RNG_QUASI_SOBOL32 = 201         ! Sobol', Joe-Kuo 6.21201, 1..20000 dims
  integer(c_int), parameter :: GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32 = 202
  integer(c_int), parameter :: GPURNG_RNG_QUASI_SOBOL64 = 203
  integer(c_int), parameter :: GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_RANMAR = 1001    ! CERNLIB V113 RANMAR, 24-bit
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_RANMAR48 = 1002  ! RM48 = CORSIKA RMMARD = PYTHIA PYR
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_RANMAR48X = 1003 ! RANMAR48 with a 48-bit carry
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_MINSTD = 1010    ! Park-Miller 16807 (gfortran IRAND)
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_MINSTD48271 = 1011 ! Park-Miller 48271 (C++ minstd_rand)
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_DRAND48 = 1020   ! POSIX drand48 family
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0 = 1030 ! glibc random(), 8..31-byte state
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1 = 1031 ! 32..63 bytes
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2 = 1032 ! 64..127 bytes
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3 = 1033 ! 128..255 bytes: rand()
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4 = 1034 ! 256 bytes and more
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_GLIBC_RANDOM = 1033       ! = TYPE3
  integer(c_int), parameter :: GPURNG_RNG_PSEUDO_HYBRID_TAUS = 1040      ! GPU Gems 3 taus88 + LCG
  integer(c_int), parameter :: GPURNG_RNG_QUASI_HALTON_RASRAP = 1050     ! Xu and Okten random-start permuted Halton

  ! ---- gpurngOrdering_t (gpurngSetGeneratorOrdering; numbered as cuRAND's) ---------------------------
  integer(c_int), parameter :: GPURNG_ORDERING_PSEUDO_BEST = 100
  integer(c_int), parameter :: GPURNG_ORDERING_PSEUDO_DEFAULT = 101
  integer(c_int), parameter :: GPURNG_ORDERING_PSEUDO_SEEDED = 102   ! refused (OUT_OF_RANGE)
  integer(c_int), parameter :: GPURNG_ORDERING_PSEUDO_LEGACY = 103
  integer(c_int), parameter :: GPURNG_ORDERING_PSEUDO_DYNAMIC = 104  ! GPU generators only
  integer(c_int), parameter :: GPURNG_ORDERING_QUASI_DEFAULT = 201

  ! ---- gpurngDirectionVectorSet_t (gpurngGetDirectionVectors32/64; numbered as cuRAND's) ---------------
  integer(c_int), parameter :: GPURNG_DIRECTION_VECTORS_32_JOEKUO6 = 101
  integer(c_int), parameter :: GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102
  integer(c_int), parameter :: GPURNG_DIRECTION_VECTORS_64_JOEKUO6 = 103
  integer(c_int), parameter :: GPURNG_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104

  ! ---- gpurngNormalMethod_t (gpurngSetNormalMethod) ------------------------------------------------
  integer(c_int), parameter :: GPURNG_NORMAL_METHOD_DEFAULT = 0     ! Box-Muller pseudo, inverse CDF quasi
  integer(c_int), parameter :: GPURNG_NORMAL_METHOD_BOX_MULLER = 1
  integer(c_int), parameter :: GPURNG_NORMAL_METHOD_INVERSE_CDF = 2
  integer(c_int), parameter :: GPURNG_NORMAL_METHOD_WALLACE = 3
  integer(c_int), parameter :: GPURNG_NORMAL_METHOD_CURAND_DEVICE = 4  ! cuRAND's GPU bits; GPU backend only

  ! ---- gpurngBackend_t -------------------------------------------------------------------------
  integer(c_int), parameter :: GPURNG_BACKEND_CPU = 1
  integer(c_int), parameter :: GPURNG_BACKEND_CUDA = 2

  ! ---- gpurngMpiPolicy_t (gpurng_mpi.h, libgpurng_mpi) --------------------------------------------------------
  integer(c_int), parameter :: GPURNG_MPI_STREAMS = 1 ! rank r on stream first_stream + r
  integer(c_int), parameter :: GPURNG_MPI_BLOCKS = 2  ! one stream, each collective fill split by position

  ! ---- gpurngTridiagAlgorithm_t (gpurngSolverSetAlgorithm; gpurng_tridiag.h) ------------------------
  integer(c_int), parameter :: GPURNG_TRIDIAG_AUTO = 0       ! per backend and layout
  integer(c_int), parameter :: GPURNG_TRIDIAG_THOMAS = 1     ! LU without pivoting, any m
  integer(c_int), parameter :: GPURNG_TRIDIAG_PCR = 2        ! parallel cyclic reduction, m <= 1024
  integer(c_int), parameter :: GPURNG_TRIDIAG_THOMAS_PCR = 3 ! Giles-Laszlo-Appleyard hybrid, any m

  ! ---- gpurngPdeScheme_t (gpurngBlackScholesPde1d*; gpurng_pde.h) ----------------------------------
  integer(c_int), parameter :: GPURNG_PDE_EXPLICIT = 0       ! u' = (I + L) u
  integer(c_int), parameter :: GPURNG_PDE_IMPLICIT = 1       ! (I - L) u' = u
  integer(c_int), parameter :: GPURNG_PDE_CRANK_NICOLSON = 2 ! (I - L/2) u' = (I + L/2) u

  ! ---- gpurngAdiScheme_t (gpurngHeatAdi*; gpurng_pde.h) ---------------------------------------------
  integer(c_int), parameter :: GPURNG_ADI_DOUGLAS = 0             ! Douglas, theta form
  integer(c_int), parameter :: GPURNG_ADI_HUNDSDORFER_VERWER = 1  ! Hundsdorfer-Verwer (gpurngBlackScholesAdi*)

  ! ---- gpurngBasketPayoff_t (gpurngBlackScholesAdi*; gpurng_pde.h) -----------------------------------
  integer(c_int), parameter :: GPURNG_BASKET_ARITHMETIC_CALL = 0 ! max((S_1 + .. + S_d) / d - K, 0)
  integer(c_int), parameter :: GPURNG_BASKET_GEOMETRIC_CALL = 1  ! max((S_1 .. S_d)^(1/d) - K, 0)
  integer(c_int), parameter :: GPURNG_BASKET_MAX_CALL = 2        ! max(max(S_1, .., S_d) - K, 0)
  integer(c_int), parameter :: GPURNG_BASKET_USER_GRID = 3       ! the caller's values at every node

  ! ---- option kinds of gpurngBlackScholesPde1d* (#define in gpurng_pde.h): one payoff + one exercise --
  integer(c_int), parameter :: GPURNG_OPTION_CALL = 0     ! max(S - K, 0)
  integer(c_int), parameter :: GPURNG_OPTION_PUT = 1      ! max(K - S, 0)
  integer(c_int), parameter :: GPURNG_OPTION_EUROPEAN = 0 ! exercise at maturity only
  integer(c_int), parameter :: GPURNG_OPTION_AMERICAN = 2 ! exercise at any time step

  ! ---- #define constants (unsigned long long in C) ------------------------------------------------
  integer(c_long_long), parameter :: GPURNG_RANMAR_DEFAULT_SEED = 54217137_c_long_long ! IJKL: IJ 1802, KL 9373
  integer(c_long_long), parameter :: GPURNG_RANMAR_MAX_SEED = 900000000_c_long_long    ! largest IJKL

  ! ---- gpurngPathPrecision_t (gpurngPricingOptions_t%precision; gpurng_pricing.h) --------------------
  integer(c_int), parameter :: GPURNG_PATHS_DOUBLE = 0 ! double paths
  integer(c_int), parameter :: GPURNG_PATHS_FLOAT = 1  ! float paths (parameters rounded to float once)

  ! ---- gpurng_pricing.h's structs: BIND(C) derived types of the same names and members --------------

  ! How a pricing call draws and combines its paths; gpurngPricingOptionsDefault fills the defaults.
  type, bind(C) :: gpurngPricingOptions_t
    integer(c_int) :: engine                ! a GPURNG_RNG_PSEUDO_* (Monte Carlo) or _QUASI_* (RQMC) engine
    integer(c_long_long) :: seed            ! the engine's seed (RANMAR: IJKL)
    integer(c_long_long) :: first_path      ! index of the first path (RQMC: first point), from 0
    integer(c_long_long) :: paths           ! paths (antithetic pairs; RQMC: points per replication)
    integer(c_int) :: precision             ! GPURNG_PATHS_DOUBLE or GPURNG_PATHS_FLOAT
    integer(c_int) :: antithetic            ! Monte Carlo only: 0 or 1
    integer(c_int) :: replications          ! RQMC only: 2 .. 4096
    integer(c_int) :: brownian_bridge       ! LIBOR and MBS only: 0 or 1
    integer(c_int) :: fast_mode             ! 0 exact; 1 the GPU's fast functions (GPU backend only)
    integer(c_int) :: normal_method         ! GPURNG_NORMAL_METHOD_*: DEFAULT, or WALLACE with hybrid Taus
  end type gpurngPricingOptions_t

  ! One estimate.
  type, bind(C) :: gpurngPricingResult_t
    real(c_double) :: mean                  ! the estimate
    real(c_double) :: std_error             ! its standard error
  end type gpurngPricingResult_t

  ! GPU Gems 3 ch. 37's Asian basket on two assets, every parameter per time step.
  type, bind(C) :: gpurngAsianBasketParams_t
    real(c_double) :: A0, B0                ! initial prices
    real(c_double) :: muA, muB              ! per-step log drifts
    real(c_double) :: sigmaAA, sigmaAB, sigmaBB ! lower-triangular per-step volatility factor
  end type gpurngAsianBasketParams_t

  ! GPU Gems 3 ch. 37's lookback under GARCH(1,1).
  type, bind(C) :: gpurngGarchLookbackParams_t
    real(c_double) :: A0, A1, A2            ! GARCH coefficients
    real(c_double) :: sigma0, eps0          ! initial volatility and shock
    real(c_double) :: s0                    ! initial price
    real(c_double) :: mu                    ! per-step log drift
  end type gpurngGarchLookbackParams_t

  ! The LIBOR market model's caplets. initial, loadings: c_loc of contiguous TARGET arrays of forwards
  ! and factors * forwards values (factor f's loadings at loadings(f*forwards + 1 : (f+1)*forwards)).
  type, bind(C) :: gpurngLiborParams_t
    integer(c_int) :: forwards              ! n, 1 .. 80
    integer(c_int) :: factors               ! 1 .. 8
    integer(c_int) :: steps_per_period      ! 1 .. 64
    real(c_double) :: delta                 ! accrual period
    real(c_double) :: strike                ! K
    type(c_ptr) :: initial                  ! const double *: n initial forwards
    type(c_ptr) :: loadings                 ! const double *: factors x n volatility loadings
  end type gpurngLiborParams_t

  ! Caflisch, Morokoff and Owen's mortgage-backed security (sigma: the monthly rate volatility).
  type, bind(C) :: gpurngMbsParams_t
    real(c_double) :: i0                    ! initial monthly rate
    real(c_double) :: K1, K2, K3, K4        ! prepayment model
    real(c_double) :: sigma                 ! monthly rate volatility
    integer(c_int) :: months                ! M, 1 .. 1024
  end type gpurngMbsParams_t

  ! ================================================================================================
  ! Part 1: the C functions, one interface each. Every function returns a gpurngStatus_t (see the
  ! headers for which ones) except gpurngGetErrorString.
  ! ================================================================================================
  interface
    ! Create a generator on the backend GPURNG_BACKEND selects (statuses: gpurng.h).
    ! generator: type(c_ptr), intent(out), receives the handle (c_null_ptr on failure).
    function gpurngCreateGenerator(generator, rng_type) bind(C, name="gpurngCreateGenerator") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: generator
      integer(c_int), value :: rng_type
      integer(c_int) :: status
    end function gpurngCreateGenerator

    ! Create a generator that always runs on the CPU backend (statuses: gpurng.h).
    ! generator: type(c_ptr), intent(out), as gpurngCreateGenerator.
    function gpurngCreateGeneratorHost(generator, rng_type) bind(C, name="gpurngCreateGeneratorHost") &
        result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: generator
      integer(c_int), value :: rng_type
      integer(c_int) :: status
    end function gpurngCreateGeneratorHost

    ! Destroy a generator and free its memory (statuses: gpurng.h).
    ! generator: the handle by value; the caller's copy still holds the old address afterwards.
    function gpurngDestroyGenerator(generator) bind(C, name="gpurngDestroyGenerator") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: generator
      integer(c_int) :: status
    end function gpurngDestroyGenerator

    ! Set the seed (RANMAR: CERNLIB's IJKL), keeping the position (statuses: gpurng.h).
    ! seed: unsigned long long by value as integer(c_long_long).
    function gpurngSetPseudoRandomGeneratorSeed(generator, seed) &
        bind(C, name="gpurngSetPseudoRandomGeneratorSeed") result(status)
      import :: c_ptr, c_int, c_long_long
      type(c_ptr), value :: generator
      integer(c_long_long), value :: seed
      integer(c_int) :: status
    end function gpurngSetPseudoRandomGeneratorSeed

    ! Set the absolute stream position: the next number is number offset, 0-based (statuses: gpurng.h).
    ! offset: unsigned long long by value as integer(c_long_long).
    function gpurngSetGeneratorOffset(generator, offset) bind(C, name="gpurngSetGeneratorOffset") result(status)
      import :: c_ptr, c_int, c_long_long
      type(c_ptr), value :: generator
      integer(c_long_long), value :: offset
      integer(c_int) :: status
    end function gpurngSetGeneratorOffset

    ! Read the stream position: how many numbers were consumed or skipped (statuses: gpurng.h).
    ! offset: one value written, so a scalar integer(c_long_long), intent(out).
    function gpurngGetGeneratorOffset(generator, offset) bind(C, name="gpurngGetGeneratorOffset") result(status)
      import :: c_ptr, c_int, c_long_long
      type(c_ptr), value :: generator
      integer(c_long_long), intent(out) :: offset
      integer(c_int) :: status
    end function gpurngGetGeneratorOffset

    ! Put the generator at the start of stream `stream` of its seed (docs/SCALING.md; statuses: gpurng.h).
    ! stream: unsigned long long by value as integer(c_long_long) (ids above 2^63 - 1 pass as negative values).
    function gpurngSetGeneratorStream(generator, stream) bind(C, name="gpurngSetGeneratorStream") result(status)
      import :: c_ptr, c_int, c_long_long
      type(c_ptr), value :: generator
      integer(c_long_long), value :: stream
      integer(c_int) :: status
    end function gpurngSetGeneratorStream

    ! Read the stream id (0 before gpurngSetGeneratorStream; statuses: gpurng.h).
    function gpurngGetGeneratorStream(generator, stream) bind(C, name="gpurngGetGeneratorStream") result(status)
      import :: c_ptr, c_int, c_long_long
      type(c_ptr), value :: generator
      integer(c_long_long), intent(out) :: stream
      integer(c_int) :: status
    end function gpurngGetGeneratorStream

    ! The stream table of the generator's engine: streams 0..last_stream, numbers_per_stream each
    ! (unsigned in C: 2^64 - 1 reads as -1 here; statuses: gpurng.h).
    function gpurngGetStreamLimits(generator, last_stream, numbers_per_stream) &
        bind(C, name="gpurngGetStreamLimits") result(status)
      import :: c_ptr, c_int, c_long_long
      type(c_ptr), value :: generator
      integer(c_long_long), intent(out) :: last_stream, numbers_per_stream
      integer(c_int) :: status
    end function gpurngGetStreamLimits

    ! ---- worker lists and split fills (gpurng.h, Workers; docs/SCALING.md) ----
    ! Create a worker list: CUDA devices devices(1:count) (repeats allowed), or count CPU workers (devices not read;
    ! pass any integer array).
    function gpurngCreateWorkers(workers, backend, devices, count) bind(C, name="gpurngCreateWorkers") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: workers
      integer(c_int), value :: backend
      integer(c_int), intent(in) :: devices(*)
      integer(c_int), value :: count
      integer(c_int) :: status
    end function gpurngCreateWorkers

    function gpurngDestroyWorkers(workers) bind(C, name="gpurngDestroyWorkers") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: workers
      integer(c_int) :: status
    end function gpurngDestroyWorkers

    function gpurngGetWorkerCount(workers, count) bind(C, name="gpurngGetWorkerCount") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: workers
      integer(c_int), intent(out) :: count
      integer(c_int) :: status
    end function gpurngGetWorkerCount

    ! The library's split of num numbers: counts(1:W).
    function gpurngSplitCount(workers, num, counts) bind(C, name="gpurngSplitCount") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: workers
      integer(c_size_t), value :: num
      integer(c_size_t), intent(out) :: counts(*)
      integer(c_int) :: status
    end function gpurngSplitCount

    ! Split fills: outputs(i) = c_loc of worker i's buffer (device memory of its device, or host memory for CPU
    ! workers), counts(i) numbers each; part i continues where part i-1 ends.
    function gpurngGenerateUniformParts(generator, workers, outputs, counts) &
        bind(C, name="gpurngGenerateUniformParts") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator, workers
      type(c_ptr), intent(in) :: outputs(*)
      integer(c_size_t), intent(in) :: counts(*)
      integer(c_int) :: status
    end function gpurngGenerateUniformParts

    function gpurngGenerateUniformDoubleParts(generator, workers, outputs, counts) &
        bind(C, name="gpurngGenerateUniformDoubleParts") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator, workers
      type(c_ptr), intent(in) :: outputs(*)
      integer(c_size_t), intent(in) :: counts(*)
      integer(c_int) :: status
    end function gpurngGenerateUniformDoubleParts

    function gpurngGenerateParts(generator, workers, outputs, counts) bind(C, name="gpurngGenerateParts") &
        result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator, workers
      type(c_ptr), intent(in) :: outputs(*)
      integer(c_size_t), intent(in) :: counts(*)
      integer(c_int) :: status
    end function gpurngGenerateParts

    function gpurngGenerateLongLongParts(generator, workers, outputs, counts) &
        bind(C, name="gpurngGenerateLongLongParts") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator, workers
      type(c_ptr), intent(in) :: outputs(*)
      integer(c_size_t), intent(in) :: counts(*)
      integer(c_int) :: status
    end function gpurngGenerateLongLongParts

    ! One part of a call of total numbers (gpurng.h; gpurng_mpi.h's block policy): numbers first .. first+count-1 of
    ! it into output, the position moved past all total.
    function gpurngGenerateUniformPart(generator, total, first, count, output) &
        bind(C, name="gpurngGenerateUniformPart") result(status)
      import :: c_ptr, c_int, c_size_t, c_float
      type(c_ptr), value :: generator
      integer(c_size_t), value :: total, first, count
      real(c_float), intent(out) :: output(*)
      integer(c_int) :: status
    end function gpurngGenerateUniformPart

    function gpurngGenerateUniformDoublePart(generator, total, first, count, output) &
        bind(C, name="gpurngGenerateUniformDoublePart") result(status)
      import :: c_ptr, c_int, c_size_t, c_double
      type(c_ptr), value :: generator
      integer(c_size_t), value :: total, first, count
      real(c_double), intent(out) :: output(*)
      integer(c_int) :: status
    end function gpurngGenerateUniformDoublePart

    function gpurngGeneratePart(generator, total, first, count, output) bind(C, name="gpurngGeneratePart") &
        result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator
      integer(c_size_t), value :: total, first, count
      integer(c_int), intent(out) :: output(*)
      integer(c_int) :: status
    end function gpurngGeneratePart

    function gpurngGenerateLongLongPart(generator, total, first, count, output) &
        bind(C, name="gpurngGenerateLongLongPart") result(status)
      import :: c_ptr, c_int, c_size_t, c_long_long
      type(c_ptr), value :: generator
      integer(c_size_t), value :: total, first, count
      integer(c_long_long), intent(out) :: output(*)
      integer(c_int) :: status
    end function gpurngGenerateLongLongPart

    ! Write num 32-bit integers; RANMAR: raw 24-bit outputs (statuses: gpurng.h).
    ! output_ptr: buffer, assumed-size integer(c_int) array (unsigned int in C).
    function gpurngGenerate(generator, output_ptr, num) bind(C, name="gpurngGenerate") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator
      integer(c_int), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      integer(c_int) :: status
    end function gpurngGenerate

    ! Write num 64-bit integers; RANMAR48(X): raw 48-bit outputs (statuses: gpurng.h).
    ! output_ptr: buffer, assumed-size integer(c_long_long) array (unsigned long long in C).
    function gpurngGenerateLongLong(generator, output_ptr, num) bind(C, name="gpurngGenerateLongLong") &
        result(status)
      import :: c_ptr, c_int, c_long_long, c_size_t
      type(c_ptr), value :: generator
      integer(c_long_long), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      integer(c_int) :: status
    end function gpurngGenerateLongLong

    ! Write num single-precision uniforms in (0,1) (statuses: gpurng.h).
    ! output_ptr: buffer, assumed-size real(c_float) array.
    function gpurngGenerateUniform(generator, output_ptr, num) bind(C, name="gpurngGenerateUniform") &
        result(status)
      import :: c_ptr, c_int, c_float, c_size_t
      type(c_ptr), value :: generator
      real(c_float), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      integer(c_int) :: status
    end function gpurngGenerateUniform

    ! Write num double-precision uniforms in (0,1) (statuses: gpurng.h).
    ! output_ptr: buffer, assumed-size real(c_double) array.
    function gpurngGenerateUniformDouble(generator, output_ptr, num) &
        bind(C, name="gpurngGenerateUniformDouble") result(status)
      import :: c_ptr, c_int, c_double, c_size_t
      type(c_ptr), value :: generator
      real(c_double), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      integer(c_int) :: status
    end function gpurngGenerateUniformDouble

    ! Report the library version, major*10000 + minor*100 + patch (statuses: gpurng.h).
    ! version: one value written, so a scalar integer(c_int), intent(out).
    function gpurngGetVersion(version) bind(C, name="gpurngGetVersion") result(status)
      import :: c_int
      integer(c_int), intent(out) :: version
      integer(c_int) :: status
    end function gpurngGetVersion

    ! A static NUL-terminated description of a status; never null. gpurng_error_string wraps it.
    ! Result: const char * as type(c_ptr) (Fortran cannot return a C string directly).
    function gpurngGetErrorString(status) bind(C, name="gpurngGetErrorString") result(str)
      import :: c_ptr, c_int
      integer(c_int), value :: status
      type(c_ptr) :: str
    end function gpurngGetErrorString

    ! Set the prefetch ring: slabs slabs of slab_numbers numbers, slabs = 0 for none (statuses: gpurng.h).
    ! slabs: unsigned int by value as integer(c_int).
    function gpurngSetPrefetch(generator, slab_numbers, slabs) bind(C, name="gpurngSetPrefetch") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator
      integer(c_size_t), value :: slab_numbers
      integer(c_int), value :: slabs
      integer(c_int) :: status
    end function gpurngSetPrefetch

    ! Zero-copy: point numbers at the next num floats inside the ring (statuses: gpurng.h).
    ! numbers: const float ** as type(c_ptr), intent(out); gpurng_acquire_uniform gives a Fortran pointer.
    function gpurngAcquireUniform(generator, num, numbers) bind(C, name="gpurngAcquireUniform") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator
      integer(c_size_t), value :: num
      type(c_ptr), intent(out) :: numbers
      integer(c_int) :: status
    end function gpurngAcquireUniform

    ! Zero-copy: point numbers at the next num doubles inside the ring (statuses: gpurng.h).
    ! numbers: const double ** as type(c_ptr), intent(out); see gpurng_acquire_uniform_double.
    function gpurngAcquireUniformDouble(generator, num, numbers) bind(C, name="gpurngAcquireUniformDouble") &
        result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator
      integer(c_size_t), value :: num
      type(c_ptr), intent(out) :: numbers
      integer(c_int) :: status
    end function gpurngAcquireUniformDouble

    ! Zero-copy: point numbers at the next num 32-bit integers inside the ring (statuses: gpurng.h).
    ! numbers: const unsigned int ** as type(c_ptr), intent(out); see gpurng_acquire.
    function gpurngAcquire(generator, num, numbers) bind(C, name="gpurngAcquire") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator
      integer(c_size_t), value :: num
      type(c_ptr), intent(out) :: numbers
      integer(c_int) :: status
    end function gpurngAcquire

    ! Zero-copy: point numbers at the next num 64-bit integers inside the ring (statuses: gpurng.h).
    ! numbers: const unsigned long long ** as type(c_ptr), intent(out); see gpurng_acquire_long_long.
    function gpurngAcquireLongLong(generator, num, numbers) bind(C, name="gpurngAcquireLongLong") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator
      integer(c_size_t), value :: num
      type(c_ptr), intent(out) :: numbers
      integer(c_int) :: status
    end function gpurngAcquireLongLong

    ! Set the output ordering, a GPURNG_ORDERING_* value (statuses: gpurng.h).
    ! order: gpurngOrdering_t by value as integer(c_int).
    function gpurngSetGeneratorOrdering(generator, order) bind(C, name="gpurngSetGeneratorOrdering") &
        result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: generator
      integer(c_int), value :: order
      integer(c_int) :: status
    end function gpurngSetGeneratorOrdering

    ! Set the number of dimensions of a quasi-random engine, 1..20000 for Sobol' (statuses: gpurng.h).
    ! num_dimensions: unsigned int by value as integer(c_int).
    function gpurngSetQuasiRandomGeneratorDimensions(generator, num_dimensions) &
        bind(C, name="gpurngSetQuasiRandomGeneratorDimensions") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: generator
      integer(c_int), value :: num_dimensions
      integer(c_int) :: status
    end function gpurngSetQuasiRandomGeneratorDimensions

    ! Run the generator's GPU work for device-memory outputs on a CUDA stream (statuses: gpurng.h).
    ! stream: gpurngCudaStream_t (cudaStream_t) by value as type(c_ptr); c_null_ptr = the default stream.
    function gpurngSetStream(generator, stream) bind(C, name="gpurngSetStream") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: generator
      type(c_ptr), value :: stream
      integer(c_int) :: status
    end function gpurngSetStream

    ! Choose how normals are made, a GPURNG_NORMAL_METHOD_* value (statuses: gpurng.h).
    ! method: gpurngNormalMethod_t by value as integer(c_int).
    function gpurngSetNormalMethod(generator, method) bind(C, name="gpurngSetNormalMethod") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: generator
      integer(c_int), value :: method
      integer(c_int) :: status
    end function gpurngSetNormalMethod

    ! Write num single-precision normals z * stddev + mean (statuses: gpurng.h; odd num on XORWOW and
    ! MRG32K3A, or num not a multiple of the dimensions, gives GPURNG_STATUS_LENGTH_NOT_MULTIPLE).
    ! output_ptr: buffer, assumed-size real(c_float) array; mean, stddev: float by value.
    function gpurngGenerateNormal(generator, output_ptr, num, mean, stddev) bind(C, name="gpurngGenerateNormal") &
        result(status)
      import :: c_ptr, c_int, c_float, c_size_t
      type(c_ptr), value :: generator
      real(c_float), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      real(c_float), value :: mean, stddev
      integer(c_int) :: status
    end function gpurngGenerateNormal

    ! As gpurngGenerateNormal, in double precision.
    function gpurngGenerateNormalDouble(generator, output_ptr, num, mean, stddev) &
        bind(C, name="gpurngGenerateNormalDouble") result(status)
      import :: c_ptr, c_int, c_double, c_size_t
      type(c_ptr), value :: generator
      real(c_double), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      real(c_double), value :: mean, stddev
      integer(c_int) :: status
    end function gpurngGenerateNormalDouble

    ! exp of gpurngGenerateNormal's values (statuses: as gpurngGenerateNormal).
    function gpurngGenerateLogNormal(generator, output_ptr, num, mean, stddev) &
        bind(C, name="gpurngGenerateLogNormal") result(status)
      import :: c_ptr, c_int, c_float, c_size_t
      type(c_ptr), value :: generator
      real(c_float), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      real(c_float), value :: mean, stddev
      integer(c_int) :: status
    end function gpurngGenerateLogNormal

    ! exp of gpurngGenerateNormalDouble's values (statuses: as gpurngGenerateNormal).
    function gpurngGenerateLogNormalDouble(generator, output_ptr, num, mean, stddev) &
        bind(C, name="gpurngGenerateLogNormalDouble") result(status)
      import :: c_ptr, c_int, c_double, c_size_t
      type(c_ptr), value :: generator
      real(c_double), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      real(c_double), value :: mean, stddev
      integer(c_int) :: status
    end function gpurngGenerateLogNormalDouble

    ! Write num Poisson variates of mean lambda, 0 < lambda <= 400000 (statuses: gpurng.h).
    ! output_ptr: buffer, assumed-size integer(c_int) array (unsigned int in C); lambda: double by value.
    function gpurngGeneratePoisson(generator, output_ptr, num, lambda) bind(C, name="gpurngGeneratePoisson") &
        result(status)
      import :: c_ptr, c_int, c_size_t, c_double
      type(c_ptr), value :: generator
      integer(c_int), intent(out) :: output_ptr(*)
      integer(c_size_t), value :: num
      real(c_double), value :: lambda
      integer(c_int) :: status
    end function gpurngGeneratePoisson

    ! Point vectors at the library's static table of 20000 dimensions x 32 direction numbers of set
    ! (a GPURNG_*DIRECTION_VECTORS_32_JOEKUO6 value; statuses: gpurng.h). Do not free it.
    ! vectors: gpurngDirectionVectors32_t ** as type(c_ptr), intent(out); c_f_pointer(vectors, v, [32, 20000])
    ! with integer(c_int), pointer :: v(:,:) gives dimension k's numbers as v(:, k).
    function gpurngGetDirectionVectors32(vectors, set) bind(C, name="gpurngGetDirectionVectors32") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: vectors
      integer(c_int), value :: set
      integer(c_int) :: status
    end function gpurngGetDirectionVectors32

    ! As gpurngGetDirectionVectors32 for the 64-bit sets: c_f_pointer to integer(c_long_long) v(64, 20000).
    function gpurngGetDirectionVectors64(vectors, set) bind(C, name="gpurngGetDirectionVectors64") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: vectors
      integer(c_int), value :: set
      integer(c_int) :: status
    end function gpurngGetDirectionVectors64

    ! Point constants at the static 20000 scramble constants of the scrambled 32-bit Sobol' sets.
    ! constants: unsigned int ** as type(c_ptr), intent(out); c_f_pointer to integer(c_int) c(20000).
    function gpurngGetScrambleConstants32(constants) bind(C, name="gpurngGetScrambleConstants32") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: constants
      integer(c_int) :: status
    end function gpurngGetScrambleConstants32

    ! As gpurngGetScrambleConstants32 for the 64-bit sets: c_f_pointer to integer(c_long_long) c(20000).
    function gpurngGetScrambleConstants64(constants) bind(C, name="gpurngGetScrambleConstants64") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: constants
      integer(c_int) :: status
    end function gpurngGetScrambleConstants64

    ! Report which backend the generator runs on, GPURNG_BACKEND_CPU or _CUDA (statuses: gpurng.h).
    ! backend: one gpurngBackend_t written, so a scalar integer(c_int), intent(out).
    function gpurngGetBackend(generator, backend) bind(C, name="gpurngGetBackend") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: generator
      integer(c_int), intent(out) :: backend
      integer(c_int) :: status
    end function gpurngGetBackend

    ! Park-Miller on a caller-held seed (ran0 style): seed = multiplier * seed mod (2**31 - 1),
    ! uniform = seed / (2**31 - 1). Multiplier 2..2**31-2 (16807: gfortran IRAND), seed 1..2**31-2.
    function gpurngParkMillerNext(multiplier, seed, uniform) bind(C, name="gpurngParkMillerNext") result(status)
      import :: c_int, c_double
      integer(c_int), value :: multiplier
      integer(c_int), intent(inout) :: seed
      real(c_double), intent(out) :: uniform
      integer(c_int) :: status
    end function gpurngParkMillerNext

    ! The next num values after seed (host or device memory); seed becomes the last of them.
    function gpurngParkMillerFill(multiplier, seed, values, num) bind(C, name="gpurngParkMillerFill") result(status)
      import :: c_int, c_size_t
      integer(c_int), value :: multiplier
      integer(c_int), intent(inout) :: seed
      integer(c_int), intent(out) :: values(*)
      integer(c_size_t), value :: num
      integer(c_int) :: status
    end function gpurngParkMillerFill

    ! As gpurngParkMillerFill, as doubles value / (2**31 - 1).
    function gpurngParkMillerFillUniformDouble(multiplier, seed, values, num) &
        bind(C, name="gpurngParkMillerFillUniformDouble") result(status)
      import :: c_int, c_size_t, c_double
      integer(c_int), value :: multiplier
      integer(c_int), intent(inout) :: seed
      real(c_double), intent(out) :: values(*)
      integer(c_size_t), value :: num
      integer(c_int) :: status
    end function gpurngParkMillerFillUniformDouble

    ! ---- gpurng_tridiag.h: solver handles (also used by gpurng_pde.h) --------------------------------

    ! Create a solver handle: stream 0, GPURNG_TRIDIAG_AUTO, no scratch (statuses: gpurng_tridiag.h).
    ! solver: gpurngSolver_t * as type(c_ptr), intent(out), receives the handle.
    function gpurngCreateSolver(solver) bind(C, name="gpurngCreateSolver") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: solver
      integer(c_int) :: status
    end function gpurngCreateSolver

    ! Destroy a solver handle and free its scratch, after waiting for its stream.
    function gpurngDestroySolver(solver) bind(C, name="gpurngDestroySolver") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: solver
      integer(c_int) :: status
    end function gpurngDestroySolver

    ! A solver whose strided and PDE batches (host arrays) are split over a worker list (gpurng_tridiag.h).
    function gpurngCreateSolverOnWorkers(solver, workers) bind(C, name="gpurngCreateSolverOnWorkers") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: solver
      type(c_ptr), value :: workers
      integer(c_int) :: status
    end function gpurngCreateSolverOnWorkers

    ! The CUDA stream of later device-memory calls (c_null_ptr = the default stream).
    function gpurngSolverSetStream(solver, stream) bind(C, name="gpurngSolverSetStream") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: solver
      type(c_ptr), value :: stream
      integer(c_int) :: status
    end function gpurngSolverSetStream

    ! The tridiagonal algorithm of later calls, a GPURNG_TRIDIAG_* value, by value.
    function gpurngSolverSetAlgorithm(solver, algorithm) bind(C, name="gpurngSolverSetAlgorithm") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: solver
      integer(c_int), value :: algorithm
      integer(c_int) :: status
    end function gpurngSolverSetAlgorithm

    ! The algorithm the last successful tridiagonal call ran (GPURNG_TRIDIAG_AUTO before any).
    ! algorithm: one value written, so a scalar integer(c_int), intent(out).
    function gpurngSolverGetLastAlgorithm(solver, algorithm) bind(C, name="gpurngSolverGetLastAlgorithm") &
        result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: solver
      integer(c_int), intent(out) :: algorithm
      integer(c_int) :: status
    end function gpurngSolverGetLastAlgorithm

    ! ---- gpurng_tridiag.h: batched tridiagonal solves, single precision ------------------------------

    ! Solve every system of an ndim-dimensional batch in place (x: right-hand sides in, solutions out).
    ! dims: ndim extents (dims(1) = C's dims[0], the contiguous one); solvedim 0-based as in C.
    ! pads: c_loc of ndim padded extents or c_null_ptr (pads = dims); info: c_loc of one integer(c_int)
    ! per system, or c_null_ptr.
    function gpurngSgtsvBatch(solver, ndim, solvedim, dims, pads, dl, d, du, x, info) &
        bind(C, name="gpurngSgtsvBatch") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: ndim, solvedim
      integer(c_int), intent(in) :: dims(*)
      type(c_ptr), value :: pads
      real(c_float), intent(in) :: dl(*), d(*), du(*)
      real(c_float), intent(inout) :: x(*)
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngSgtsvBatch

    ! cuSPARSE's gtsv2StridedBatch layout: system k (0-based) is x(k*batchStride+1 : k*batchStride+m).
    ! info: c_loc of batchCount integer(c_int), or c_null_ptr.
    function gpurngSgtsvStridedBatch(solver, m, dl, d, du, x, batchCount, batchStride, info) &
        bind(C, name="gpurngSgtsvStridedBatch") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: m
      real(c_float), intent(in) :: dl(*), d(*), du(*)
      real(c_float), intent(inout) :: x(*)
      integer(c_int), value :: batchCount, batchStride
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngSgtsvStridedBatch

    ! cuSPARSE's gtsvInterleavedBatch layout: x(batchCount, m), element i of system k at x(k, i).
    ! info: c_loc of batchCount integer(c_int), or c_null_ptr.
    function gpurngSgtsvInterleavedBatch(solver, m, dl, d, du, x, batchCount, info) &
        bind(C, name="gpurngSgtsvInterleavedBatch") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: m
      real(c_float), intent(in) :: dl(*), d(*), du(*)
      real(c_float), intent(inout) :: x(*)
      integer(c_int), value :: batchCount
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngSgtsvInterleavedBatch

    ! One matrix for the whole batch: dl, d, du hold m coefficients each; layout as gpurngSgtsvBatch.
    ! pads: as gpurngSgtsvBatch; info: c_loc of one integer(c_int), or c_null_ptr.
    function gpurngSgtsvConstantBatch(solver, ndim, solvedim, dims, pads, dl, d, du, x, info) &
        bind(C, name="gpurngSgtsvConstantBatch") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: ndim, solvedim
      integer(c_int), intent(in) :: dims(*)
      type(c_ptr), value :: pads
      real(c_float), intent(in) :: dl(*), d(*), du(*)
      real(c_float), intent(inout) :: x(*)
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngSgtsvConstantBatch

    ! Replace each system's (dl, d, du) by its LU factors (dl = l, d = 1/p, du unchanged).
    ! pads, info: as gpurngSgtsvBatch.
    function gpurngSgtsvFactorBatch(solver, ndim, solvedim, dims, pads, dl, d, du, info) &
        bind(C, name="gpurngSgtsvFactorBatch") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: ndim, solvedim
      integer(c_int), intent(in) :: dims(*)
      type(c_ptr), value :: pads
      real(c_float), intent(inout) :: dl(*), d(*), du(*)
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngSgtsvFactorBatch

    ! Solve with the factors of gpurngSgtsvFactorBatch (same layout). pads: as gpurngSgtsvBatch.
    function gpurngSgtsvFactoredSolveBatch(solver, ndim, solvedim, dims, pads, dl, d, du, x) &
        bind(C, name="gpurngSgtsvFactoredSolveBatch") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: ndim, solvedim
      integer(c_int), intent(in) :: dims(*)
      type(c_ptr), value :: pads
      real(c_float), intent(in) :: dl(*), d(*), du(*)
      real(c_float), intent(inout) :: x(*)
      integer(c_int) :: status
    end function gpurngSgtsvFactoredSolveBatch

    ! ---- gpurng_tridiag.h: batched tridiagonal solves, double precision ------------------------------

    ! Solve every system of an ndim-dimensional batch in place (x: right-hand sides in, solutions out).
    ! dims: ndim extents (dims(1) = C's dims[0], the contiguous one); solvedim 0-based as in C.
    ! pads: c_loc of ndim padded extents or c_null_ptr (pads = dims); info: c_loc of one integer(c_int)
    ! per system, or c_null_ptr.
    function gpurngDgtsvBatch(solver, ndim, solvedim, dims, pads, dl, d, du, x, info) &
        bind(C, name="gpurngDgtsvBatch") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: ndim, solvedim
      integer(c_int), intent(in) :: dims(*)
      type(c_ptr), value :: pads
      real(c_double), intent(in) :: dl(*), d(*), du(*)
      real(c_double), intent(inout) :: x(*)
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngDgtsvBatch

    ! cuSPARSE's gtsv2StridedBatch layout: system k (0-based) is x(k*batchStride+1 : k*batchStride+m).
    ! info: c_loc of batchCount integer(c_int), or c_null_ptr.
    function gpurngDgtsvStridedBatch(solver, m, dl, d, du, x, batchCount, batchStride, info) &
        bind(C, name="gpurngDgtsvStridedBatch") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: m
      real(c_double), intent(in) :: dl(*), d(*), du(*)
      real(c_double), intent(inout) :: x(*)
      integer(c_int), value :: batchCount, batchStride
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngDgtsvStridedBatch

    ! cuSPARSE's gtsvInterleavedBatch layout: x(batchCount, m), element i of system k at x(k, i).
    ! info: c_loc of batchCount integer(c_int), or c_null_ptr.
    function gpurngDgtsvInterleavedBatch(solver, m, dl, d, du, x, batchCount, info) &
        bind(C, name="gpurngDgtsvInterleavedBatch") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: m
      real(c_double), intent(in) :: dl(*), d(*), du(*)
      real(c_double), intent(inout) :: x(*)
      integer(c_int), value :: batchCount
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngDgtsvInterleavedBatch

    ! One matrix for the whole batch: dl, d, du hold m coefficients each; layout as gpurngDgtsvBatch.
    ! pads: as gpurngDgtsvBatch; info: c_loc of one integer(c_int), or c_null_ptr.
    function gpurngDgtsvConstantBatch(solver, ndim, solvedim, dims, pads, dl, d, du, x, info) &
        bind(C, name="gpurngDgtsvConstantBatch") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: ndim, solvedim
      integer(c_int), intent(in) :: dims(*)
      type(c_ptr), value :: pads
      real(c_double), intent(in) :: dl(*), d(*), du(*)
      real(c_double), intent(inout) :: x(*)
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngDgtsvConstantBatch

    ! Replace each system's (dl, d, du) by its LU factors (dl = l, d = 1/p, du unchanged).
    ! pads, info: as gpurngDgtsvBatch.
    function gpurngDgtsvFactorBatch(solver, ndim, solvedim, dims, pads, dl, d, du, info) &
        bind(C, name="gpurngDgtsvFactorBatch") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: ndim, solvedim
      integer(c_int), intent(in) :: dims(*)
      type(c_ptr), value :: pads
      real(c_double), intent(inout) :: dl(*), d(*), du(*)
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngDgtsvFactorBatch

    ! Solve with the factors of gpurngDgtsvFactorBatch (same layout). pads: as gpurngDgtsvBatch.
    function gpurngDgtsvFactoredSolveBatch(solver, ndim, solvedim, dims, pads, dl, d, du, x) &
        bind(C, name="gpurngDgtsvFactoredSolveBatch") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: ndim, solvedim
      integer(c_int), intent(in) :: dims(*)
      type(c_ptr), value :: pads
      real(c_double), intent(in) :: dl(*), d(*), du(*)
      real(c_double), intent(inout) :: x(*)
      integer(c_int) :: status
    end function gpurngDgtsvFactoredSolveBatch

    ! ---- gpurng_pde.h: the one-factor Black-Scholes PDE -------------------------------------------

    ! Price count options on one grid (J intervals, N steps, [0, Smax]) by the scheme (GPURNG_PDE_*).
    ! kind: count GPURNG_OPTION_CALL/_PUT + GPURNG_OPTION_EUROPEAN/_AMERICAN; S0 .. maturity, price: count
    ! values each. delta, gamma: c_loc of count values, or c_null_ptr; grid: c_loc of count*(J+1) values
    ! (option k's nodes 0..J at grid(k*(J+1)+1 : (k+1)*(J+1))), or c_null_ptr; info: c_loc of count
    ! integer(c_int), or c_null_ptr. Arithmetic in double precision.
    function gpurngBlackScholesPde1dDouble(solver, scheme, J, N, Smax, count, kind, S0, strike, rate, sigma, &
                                           maturity, price, delta, gamma, grid, info) &
        bind(C, name="gpurngBlackScholesPde1dDouble") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: scheme, J, N
      real(c_double), value :: Smax
      integer(c_int), value :: count
      integer(c_int), intent(in) :: kind(*)
      real(c_double), intent(in) :: S0(*), strike(*), rate(*), sigma(*), maturity(*)
      real(c_double), intent(out) :: price(*)
      type(c_ptr), value :: delta, gamma, grid, info
      integer(c_int) :: status
    end function gpurngBlackScholesPde1dDouble

    ! As gpurngBlackScholesPde1dDouble with real(c_float) Smax, parameters, outputs and arithmetic.
    function gpurngBlackScholesPde1dFloat(solver, scheme, J, N, Smax, count, kind, S0, strike, rate, sigma, &
                                          maturity, price, delta, gamma, grid, info) &
        bind(C, name="gpurngBlackScholesPde1dFloat") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: scheme, J, N
      real(c_float), value :: Smax
      integer(c_int), value :: count
      integer(c_int), intent(in) :: kind(*)
      real(c_float), intent(in) :: S0(*), strike(*), rate(*), sigma(*), maturity(*)
      real(c_float), intent(out) :: price(*)
      type(c_ptr), value :: delta, gamma, grid, info
      integer(c_int) :: status
    end function gpurngBlackScholesPde1dFloat

    ! ---- gpurng_pde.h: the heat equation by ADI ------------------------------------------------------

    ! Step u_t = u_xx + u_yy (+ u_zz) on a box in place by the scheme (GPURNG_ADI_*): ndim = 2 or 3, n(ndim)
    ! interior nodes per dimension (dimension 1 contiguous: Fortran's u(n(1), n(2), n(3)) order), h(ndim) spacings,
    ! steps steps of dt, implicit weight theta in [1/2, 1]; zero values outside the grid. Double precision.
    function gpurngHeatAdiDouble(solver, scheme, ndim, n, h, dt, theta, steps, u) &
        bind(C, name="gpurngHeatAdiDouble") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: scheme, ndim
      integer(c_int), intent(in) :: n(*)
      real(c_double), intent(in) :: h(*)
      real(c_double), value :: dt, theta
      integer(c_int), value :: steps
      real(c_double), intent(inout) :: u(*)
      integer(c_int) :: status
    end function gpurngHeatAdiDouble

    ! As gpurngHeatAdiDouble with real(c_float) spacings, step, weight, values and arithmetic.
    function gpurngHeatAdiFloat(solver, scheme, ndim, n, h, dt, theta, steps, u) &
        bind(C, name="gpurngHeatAdiFloat") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: scheme, ndim
      integer(c_int), intent(in) :: n(*)
      real(c_float), intent(in) :: h(*)
      real(c_float), value :: dt, theta
      integer(c_int), value :: steps
      real(c_float), intent(inout) :: u(*)
      integer(c_int) :: status
    end function gpurngHeatAdiFloat

    ! ---- gpurng_pde.h: the two- and three-asset Black-Scholes PDE by ADI -------------------------------

    ! Price count European options on ndim = 2 or 3 assets on one grid (J(ndim) intervals of [0, Smax(i)], N steps)
    ! by the scheme (GPURNG_ADI_*) and payoff (GPURNG_BASKET_*). S0, sigma: count*ndim values (option k's from
    ! (k-1)*ndim+1); rho: count*ndim*(ndim-1)/2 pairwise correlations, order (1,2), (1,3), (2,3); strike, rate,
    ! maturity, price: count values. payoff_grid (GPURNG_BASKET_USER_GRID), delta (count*ndim), grid (count*nodes),
    ! info (count): c_loc of the array, or c_null_ptr. Double precision; host memory.
    function gpurngBlackScholesAdiDouble(solver, scheme, ndim, J, Smax, N, payoff, payoff_grid, count, S0, strike, &
                                         rate, sigma, rho, maturity, price, delta, grid, info) &
        bind(C, name="gpurngBlackScholesAdiDouble") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: scheme, ndim
      integer(c_int), intent(in) :: J(*)
      real(c_double), intent(in) :: Smax(*)
      integer(c_int), value :: N, payoff
      type(c_ptr), value :: payoff_grid
      integer(c_int), value :: count
      real(c_double), intent(in) :: S0(*), strike(*), rate(*), sigma(*), rho(*), maturity(*)
      real(c_double), intent(out) :: price(*)
      type(c_ptr), value :: delta, grid, info
      integer(c_int) :: status
    end function gpurngBlackScholesAdiDouble

    ! As gpurngBlackScholesAdiDouble with real(c_float) arrays and arithmetic.
    function gpurngBlackScholesAdiFloat(solver, scheme, ndim, J, Smax, N, payoff, payoff_grid, count, S0, strike, &
                                        rate, sigma, rho, maturity, price, delta, grid, info) &
        bind(C, name="gpurngBlackScholesAdiFloat") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: scheme, ndim
      integer(c_int), intent(in) :: J(*)
      real(c_float), intent(in) :: Smax(*)
      integer(c_int), value :: N, payoff
      type(c_ptr), value :: payoff_grid
      integer(c_int), value :: count
      real(c_float), intent(in) :: S0(*), strike(*), rate(*), sigma(*), rho(*), maturity(*)
      real(c_float), intent(out) :: price(*)
      type(c_ptr), value :: delta, grid, info
      integer(c_int) :: status
    end function gpurngBlackScholesAdiFloat

    ! ---- gpurng_pricing.h: Monte Carlo and RQMC pricers --------------------------------------------

    ! Create a pricer on the backend GPURNG_BACKEND chooses (statuses: gpurng_pricing.h).
    ! pricer: gpurngPricer_t * as type(c_ptr), intent(out), receives the handle.
    function gpurngCreatePricer(pricer) bind(C, name="gpurngCreatePricer") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: pricer
      integer(c_int) :: status
    end function gpurngCreatePricer

    ! Create a pricer on a given backend, GPURNG_BACKEND_CPU or _CUDA, by value.
    function gpurngCreatePricerOnBackend(pricer, backend) bind(C, name="gpurngCreatePricerOnBackend") &
        result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: pricer
      integer(c_int), value :: backend
      integer(c_int) :: status
    end function gpurngCreatePricerOnBackend

    ! A pricer whose paths are split over a worker list: the same price and standard error as one pricer.
    function gpurngCreatePricerOnWorkers(pricer, workers) bind(C, name="gpurngCreatePricerOnWorkers") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: pricer
      type(c_ptr), value :: workers
      integer(c_int) :: status
    end function gpurngCreatePricerOnWorkers

    ! A pricer for part `part` of `parts` of every call, the parts meeting through `exchange` (a C function pointer,
    ! gpurngPricingExchangeFn in gpurng_pricing.h; from Fortran, c_funloc of a bind(C) function).
    function gpurngCreatePricerOnPart(pricer, backend, part, parts, exchange, context) &
        bind(C, name="gpurngCreatePricerOnPart") result(status)
      import :: c_ptr, c_int, c_funptr
      type(c_ptr), intent(out) :: pricer
      integer(c_int), value :: backend, part, parts
      type(c_funptr), value :: exchange
      type(c_ptr), value :: context
      integer(c_int) :: status
    end function gpurngCreatePricerOnPart

    ! ---- libgpurng_mpi (gpurng_mpi.h; link -lgpurng_mpi): communicators as their Fortran handles (the integer of
    ! `use mpi` / mpif.h, or comm%MPI_VAL of `use mpi_f08`). Every call is collective over comm. ----
    function gpurngMpiCreateGenerator(generator, comm, rng_type, seed, policy, first_stream) &
        bind(C, name="gpurngMpiCreateGenerator") result(status)
      import :: c_ptr, c_int, c_long_long
      type(c_ptr), intent(out) :: generator
      integer(c_int), value :: comm, rng_type
      integer(c_long_long), value :: seed
      integer(c_int), value :: policy
      integer(c_long_long), value :: first_stream
      integer(c_int) :: status
    end function gpurngMpiCreateGenerator

    ! Block fills: rank r's part of the next total numbers into output (count: how many).
    function gpurngMpiGenerateUniform(generator, comm, total, output, count) bind(C, name="gpurngMpiGenerateUniform") &
        result(status)
      import :: c_ptr, c_int, c_size_t, c_float
      type(c_ptr), value :: generator
      integer(c_int), value :: comm
      integer(c_size_t), value :: total
      real(c_float), intent(out) :: output(*)
      integer(c_size_t), intent(out) :: count
      integer(c_int) :: status
    end function gpurngMpiGenerateUniform

    function gpurngMpiGenerateUniformDouble(generator, comm, total, output, count) &
        bind(C, name="gpurngMpiGenerateUniformDouble") result(status)
      import :: c_ptr, c_int, c_size_t, c_double
      type(c_ptr), value :: generator
      integer(c_int), value :: comm
      integer(c_size_t), value :: total
      real(c_double), intent(out) :: output(*)
      integer(c_size_t), intent(out) :: count
      integer(c_int) :: status
    end function gpurngMpiGenerateUniformDouble

    function gpurngMpiGenerate(generator, comm, total, output, count) bind(C, name="gpurngMpiGenerate") result(status)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: generator
      integer(c_int), value :: comm
      integer(c_size_t), value :: total
      integer(c_int), intent(out) :: output(*)
      integer(c_size_t), intent(out) :: count
      integer(c_int) :: status
    end function gpurngMpiGenerate

    function gpurngMpiGenerateLongLong(generator, comm, total, output, count) &
        bind(C, name="gpurngMpiGenerateLongLong") result(status)
      import :: c_ptr, c_int, c_size_t, c_long_long
      type(c_ptr), value :: generator
      integer(c_int), value :: comm
      integer(c_size_t), value :: total
      integer(c_long_long), intent(out) :: output(*)
      integer(c_size_t), intent(out) :: count
      integer(c_int) :: status
    end function gpurngMpiGenerateLongLong

    ! A pricer whose calls split their paths over the ranks (one process's price and s.e. on every rank).
    function gpurngMpiCreatePricer(pricer, comm, backend) bind(C, name="gpurngMpiCreatePricer") result(status)
      import :: c_ptr, c_int
      type(c_ptr), intent(out) :: pricer
      integer(c_int), value :: comm, backend
      integer(c_int) :: status
    end function gpurngMpiCreatePricer

    ! PDE and strided tridiagonal batches split over the ranks, every output on every rank.
    function gpurngMpiBlackScholesPde1dDouble(solver, comm, scheme, J, N, Smax, count, kind, S0, strike, rate, sigma, &
                                              maturity, price, delta, gamma, grid, info) &
        bind(C, name="gpurngMpiBlackScholesPde1dDouble") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: comm, scheme, J, N
      real(c_double), value :: Smax
      integer(c_int), value :: count
      integer(c_int), intent(in) :: kind(*)
      real(c_double), intent(in) :: S0(*), strike(*), rate(*), sigma(*), maturity(*)
      real(c_double), intent(out) :: price(*)
      type(c_ptr), value :: delta, gamma, grid, info
      integer(c_int) :: status
    end function gpurngMpiBlackScholesPde1dDouble

    function gpurngMpiBlackScholesPde1dFloat(solver, comm, scheme, J, N, Smax, count, kind, S0, strike, rate, sigma, &
                                             maturity, price, delta, gamma, grid, info) &
        bind(C, name="gpurngMpiBlackScholesPde1dFloat") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: comm, scheme, J, N
      real(c_float), value :: Smax
      integer(c_int), value :: count
      integer(c_int), intent(in) :: kind(*)
      real(c_float), intent(in) :: S0(*), strike(*), rate(*), sigma(*), maturity(*)
      real(c_float), intent(out) :: price(*)
      type(c_ptr), value :: delta, gamma, grid, info
      integer(c_int) :: status
    end function gpurngMpiBlackScholesPde1dFloat

    function gpurngMpiDgtsvStridedBatch(solver, comm, m, dl, d, du, x, batchCount, batchStride, info) &
        bind(C, name="gpurngMpiDgtsvStridedBatch") result(status)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: solver
      integer(c_int), value :: comm, m
      real(c_double), intent(in) :: dl(*), d(*), du(*)
      real(c_double), intent(inout) :: x(*)
      integer(c_int), value :: batchCount, batchStride
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngMpiDgtsvStridedBatch

    function gpurngMpiSgtsvStridedBatch(solver, comm, m, dl, d, du, x, batchCount, batchStride, info) &
        bind(C, name="gpurngMpiSgtsvStridedBatch") result(status)
      import :: c_ptr, c_int, c_float
      type(c_ptr), value :: solver
      integer(c_int), value :: comm, m
      real(c_float), intent(in) :: dl(*), d(*), du(*)
      real(c_float), intent(inout) :: x(*)
      integer(c_int), value :: batchCount, batchStride
      type(c_ptr), value :: info
      integer(c_int) :: status
    end function gpurngMpiSgtsvStridedBatch

    ! ---- libgpurng_legacy (gpurng_legacy.h): the seeding audit's report (docs/LEGACY.md); directory a
    ! null-terminated string, report_path c_null_ptr for standard output. Returns the number of duplicated seeds.
    function gpurng_legacy_seed_audit_report(directory, report_path) bind(C, name="gpurng_legacy_seed_audit_report") &
        result(duplicated)
      import :: c_ptr, c_int, c_char
      character(kind=c_char), intent(in) :: directory(*)
      type(c_ptr), value :: report_path
      integer(c_int) :: duplicated
    end function gpurng_legacy_seed_audit_report

    ! Destroy a pricer (c_null_ptr is allowed and does nothing).
    function gpurngDestroyPricer(pricer) bind(C, name="gpurngDestroyPricer") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: pricer
      integer(c_int) :: status
    end function gpurngDestroyPricer

    ! The backend a pricer runs on. backend: one gpurngBackend_t written, a scalar integer(c_int).
    function gpurngPricerGetBackend(pricer, backend) bind(C, name="gpurngPricerGetBackend") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: pricer
      integer(c_int), intent(out) :: backend
      integer(c_int) :: status
    end function gpurngPricerGetBackend

    ! The CUDA stream of later calls (c_null_ptr = the default stream; ignored on the CPU backend).
    function gpurngPricerSetStream(pricer, stream) bind(C, name="gpurngPricerSetStream") result(status)
      import :: c_ptr, c_int
      type(c_ptr), value :: pricer
      type(c_ptr), value :: stream
      integer(c_int) :: status
    end function gpurngPricerSetStream

    ! Fill options with the defaults documented in gpurng_pricing.h (Philox, seed 0, 65536 paths, double).
    function gpurngPricingOptionsDefault(options) bind(C, name="gpurngPricingOptionsDefault") result(status)
      import :: c_int, gpurngPricingOptions_t
      type(gpurngPricingOptions_t), intent(out) :: options
      integer(c_int) :: status
    end function gpurngPricingOptionsDefault

    ! Price count parameter sets of the Asian basket over steps time steps (common random numbers).
    ! params, results: count values each.
    function gpurngPriceAsianBasket(pricer, options, steps, count, params, results) &
        bind(C, name="gpurngPriceAsianBasket") result(status)
      import :: c_ptr, c_int, gpurngPricingOptions_t, gpurngAsianBasketParams_t, gpurngPricingResult_t
      type(c_ptr), value :: pricer
      type(gpurngPricingOptions_t), intent(in) :: options
      integer(c_int), value :: steps, count
      type(gpurngAsianBasketParams_t), intent(in) :: params(*)
      type(gpurngPricingResult_t), intent(out) :: results(*)
      integer(c_int) :: status
    end function gpurngPriceAsianBasket

    ! Price count parameter sets of the GARCH lookback over steps time steps (GPU Gems: 15).
    ! params, results: count values each.
    function gpurngPriceGarchLookback(pricer, options, steps, count, params, results) &
        bind(C, name="gpurngPriceGarchLookback") result(status)
      import :: c_ptr, c_int, gpurngPricingOptions_t, gpurngGarchLookbackParams_t, gpurngPricingResult_t
      type(c_ptr), value :: pricer
      type(gpurngPricingOptions_t), intent(in) :: options
      integer(c_int), value :: steps, count
      type(gpurngGarchLookbackParams_t), intent(in) :: params(*)
      type(gpurngPricingResult_t), intent(out) :: results(*)
      integer(c_int) :: status
    end function gpurngPriceGarchLookback

    ! Price every caplet of a LIBOR market model: results(j + 1) is C's caplet j (params%forwards values;
    ! caplet 0, results(1), is exact).
    function gpurngPriceLiborCaplets(pricer, options, params, results) bind(C, name="gpurngPriceLiborCaplets") &
        result(status)
      import :: c_ptr, c_int, gpurngPricingOptions_t, gpurngLiborParams_t, gpurngPricingResult_t
      type(c_ptr), value :: pricer
      type(gpurngPricingOptions_t), intent(in) :: options
      type(gpurngLiborParams_t), intent(in) :: params
      type(gpurngPricingResult_t), intent(out) :: results(*)
      integer(c_int) :: status
    end function gpurngPriceLiborCaplets

    ! Price the mortgage-backed security: one estimate.
    function gpurngPriceMbs(pricer, options, params, result) bind(C, name="gpurngPriceMbs") result(status)
      import :: c_ptr, c_int, gpurngPricingOptions_t, gpurngMbsParams_t, gpurngPricingResult_t
      type(c_ptr), value :: pricer
      type(gpurngPricingOptions_t), intent(in) :: options
      type(gpurngMbsParams_t), intent(in) :: params
      type(gpurngPricingResult_t), intent(out) :: result
      integer(c_int) :: status
    end function gpurngPriceMbs
  end interface

contains

  ! ================================================================================================
  ! Part 2: Fortran conveniences. They only forward to the functions above.
  ! ================================================================================================

  ! gpurngGetErrorString as a Fortran string, e.g. print *, gpurng_error_string(status).
  function gpurng_error_string(status) result(text)
    integer(c_int), intent(in) :: status
    character(len=:), allocatable :: text
    character(kind=c_char), pointer :: chars(:)
    type(c_ptr) :: p
    integer :: n

    p = gpurngGetErrorString(status)
    if (.not. c_associated(p)) then ! gpurng.h promises never NULL; stay safe anyway
      text = ''
      return
    end if
    ! The C string's length is unknown until its NUL: view it through a pointer long enough for any
    ! message of the library and stop at the terminator, never reading past it.
    call c_f_pointer(p, chars, [1024])
    n = 0
    do while (n < size(chars))
      if (chars(n + 1) == c_null_char) exit
      n = n + 1
    end do
    allocate (character(len=n) :: text)
    text = transfer(chars(1:n), text)
  end function gpurng_error_string

  ! gpurngGenerate filling the whole array output (size(output) numbers).
  function gpurng_generate(generator, output) result(status)
    type(c_ptr), intent(in) :: generator
    integer(c_int), contiguous, intent(out) :: output(:)
    integer(c_int) :: status
    status = gpurngGenerate(generator, output, size(output, kind=c_size_t))
  end function gpurng_generate

  ! gpurngGenerateLongLong filling the whole array output.
  function gpurng_generate_long_long(generator, output) result(status)
    type(c_ptr), intent(in) :: generator
    integer(c_long_long), contiguous, intent(out) :: output(:)
    integer(c_int) :: status
    status = gpurngGenerateLongLong(generator, output, size(output, kind=c_size_t))
  end function gpurng_generate_long_long

  ! gpurngGenerateUniform filling the whole array output.
  function gpurng_generate_uniform(generator, output) result(status)
    type(c_ptr), intent(in) :: generator
    real(c_float), contiguous, intent(out) :: output(:)
    integer(c_int) :: status
    status = gpurngGenerateUniform(generator, output, size(output, kind=c_size_t))
  end function gpurng_generate_uniform

  ! gpurngGenerateUniformDouble filling the whole array output.
  function gpurng_generate_uniform_double(generator, output) result(status)
    type(c_ptr), intent(in) :: generator
    real(c_double), contiguous, intent(out) :: output(:)
    integer(c_int) :: status
    status = gpurngGenerateUniformDouble(generator, output, size(output, kind=c_size_t))
  end function gpurng_generate_uniform_double

  ! The zero-copy calls with a Fortran pointer: on success numbers(1:num) views the library's memory
  ! (read only, valid until the next call on the generator); otherwise numbers is disassociated.
  function gpurng_acquire_uniform(generator, num, numbers) result(status)
    type(c_ptr), intent(in) :: generator
    integer(c_size_t), intent(in) :: num
    real(c_float), pointer, intent(out) :: numbers(:)
    integer(c_int) :: status
    type(c_ptr) :: p
    p = c_null_ptr
    status = gpurngAcquireUniform(generator, num, p)
    nullify (numbers)
    if (status == GPURNG_STATUS_SUCCESS .and. c_associated(p)) call c_f_pointer(p, numbers, [num])
  end function gpurng_acquire_uniform

  ! As gpurng_acquire_uniform, for doubles.
  function gpurng_acquire_uniform_double(generator, num, numbers) result(status)
    type(c_ptr), intent(in) :: generator
    integer(c_size_t), intent(in) :: num
    real(c_double), pointer, intent(out) :: numbers(:)
    integer(c_int) :: status
    type(c_ptr) :: p
    p = c_null_ptr
    status = gpurngAcquireUniformDouble(generator, num, p)
    nullify (numbers)
    if (status == GPURNG_STATUS_SUCCESS .and. c_associated(p)) call c_f_pointer(p, numbers, [num])
  end function gpurng_acquire_uniform_double

  ! As gpurng_acquire_uniform, for gpurngGenerate's 32-bit integers.
  function gpurng_acquire(generator, num, numbers) result(status)
    type(c_ptr), intent(in) :: generator
    integer(c_size_t), intent(in) :: num
    integer(c_int), pointer, intent(out) :: numbers(:)
    integer(c_int) :: status
    type(c_ptr) :: p
    p = c_null_ptr
    status = gpurngAcquire(generator, num, p)
    nullify (numbers)
    if (status == GPURNG_STATUS_SUCCESS .and. c_associated(p)) call c_f_pointer(p, numbers, [num])
  end function gpurng_acquire

  ! As gpurng_acquire_uniform, for gpurngGenerateLongLong's 64-bit integers.
  function gpurng_acquire_long_long(generator, num, numbers) result(status)
    type(c_ptr), intent(in) :: generator
    integer(c_size_t), intent(in) :: num
    integer(c_long_long), pointer, intent(out) :: numbers(:)
    integer(c_int) :: status
    type(c_ptr) :: p
    p = c_null_ptr
    status = gpurngAcquireLongLong(generator, num, p)
    nullify (numbers)
    if (status == GPURNG_STATUS_SUCCESS .and. c_associated(p)) call c_f_pointer(p, numbers, [num])
  end function gpurng_acquire_long_long

end module gpurng
