! SPDX-License-Identifier: BSD-3-Clause
!
! GPURNG_NORMAL_METHOD_CURAND_DEVICE from Fortran: the normals cuRAND's GPU generator gives (Philox4_32_10
! here), made on the GPU also for a host array like this one. On the CPU backend the call returns
! GPURNG_STATUS_ARCH_MISMATCH, and the program takes the portable normals (the default method) instead.
! Prints "curand_gpu_normals: ok" only when every status is as documented.
program curand_gpu_normals
  use, intrinsic :: iso_c_binding, only: c_ptr, c_int, c_float, c_size_t, c_long_long
  use gpurng
  implicit none

  type(c_ptr) :: generator
  real(c_float) :: z(8)
  integer(c_int) :: status, backend

  call check(gpurngCreateGenerator(generator, GPURNG_RNG_PSEUDO_PHILOX4_32_10), 'gpurngCreateGenerator')
  call check(gpurngGetBackend(generator, backend), 'gpurngGetBackend')
  call check(gpurngSetPseudoRandomGeneratorSeed(generator, 1234_c_long_long), 'gpurngSetPseudoRandomGeneratorSeed')
  call check(gpurngSetNormalMethod(generator, GPURNG_NORMAL_METHOD_CURAND_DEVICE), 'gpurngSetNormalMethod')
  status = gpurngGenerateNormal(generator, z, 8_c_size_t, 0.0_c_float, 1.0_c_float)
  if (backend == GPURNG_BACKEND_CUDA) then
    call check(status, 'gpurngGenerateNormal')
    print '(a)', "cuRAND's GPU normals (Philox4_32_10, seed 1234):"
  else
    if (status /= GPURNG_STATUS_ARCH_MISMATCH) call check(status, 'gpurngGenerateNormal on the CPU backend')
    print '(2a)', 'CPU backend: the mode needs the GPU: ', gpurng_error_string(status)
    call check(gpurngSetNormalMethod(generator, GPURNG_NORMAL_METHOD_DEFAULT), 'gpurngSetNormalMethod')
    call check(gpurngGenerateNormal(generator, z, 8_c_size_t, 0.0_c_float, 1.0_c_float), 'gpurngGenerateNormal')
    print '(a)', 'portable normals:'
  end if
  print '(8(1x, g0.7))', z
  call check(gpurngDestroyGenerator(generator), 'gpurngDestroyGenerator')
  print '(a)', 'curand_gpu_normals: ok'

contains

  subroutine check(status, what)
    integer(c_int), intent(in) :: status
    character(len=*), intent(in) :: what
    if (status /= GPURNG_STATUS_SUCCESS) then
      print '(3a, i0, 2a)', 'FAILED: ', what, ' returned ', status, ': ', gpurng_error_string(status)
      error stop 1
    end if
  end subroutine check

end program curand_gpu_normals
