C SPDX-License-Identifier: BSD-3-Clause
C-----------------------------------------------------------------------
C Shared pieces of the independent RANMAR-family oracle (F. James,
C Comput. Phys. Commun. 60 (1990) 329; docs/ALGORITHMS.md): seed
C decomposition, B-bit table fill, one step, and the NTOT2*10**9 + NTOT
C skip. REAL versions (24-bit, CERNLIB V113) and DOUBLE PRECISION
C versions (48-bit, V116 RM48 and CORSIKA RMMARD).
C-----------------------------------------------------------------------

C Split IJKL into the four small seeds (as RMARIN does).
      SUBROUTINE GRSEED(IJKL, I, J, K, L)
      IMPLICIT NONE
      INTEGER IJKL, I, J, K, L, IJ, KL
      IJ = IJKL/30082
      KL = IJKL - 30082*IJ
      I  = MOD(IJ/177, 177) + 2
      J  = MOD(IJ, 177) + 2
      K  = MOD(KL/169, 178) + 1
      L  = MOD(KL, 169)
      END

C 24-bit table into REAL U(97) (the table fill, B = 24).
      SUBROUTINE GRFL24(IJKL, U)
      IMPLICIT NONE
      INTEGER IJKL
      REAL U(97)
      INTEGER I, J, K, L, M, II, NB
      REAL S, T
      CALL GRSEED(IJKL, I, J, K, L)
      DO 20 II = 1, 97
        S = 0.0
        T = 0.5
        DO 10 NB = 1, 24
          M = MOD(MOD(I*J, 179)*K, 179)
          I = J
          J = K
          K = M
          L = MOD(53*L + 1, 169)
          IF (MOD(L*M, 64) .GE. 32) S = S + T
          T = 0.5*T
   10   CONTINUE
        U(II) = S
   20 CONTINUE
      END

C 48-bit table into DOUBLE PRECISION U(97) (the table fill, B = 48).
C T is returned: after 48 halvings it is 2**-49 (RM48's TWOM49).
      SUBROUTINE GRFL48(IJKL, U, TLAST)
      IMPLICIT NONE
      INTEGER IJKL
      DOUBLE PRECISION U(97), TLAST
      INTEGER I, J, K, L, M, II, NB
      DOUBLE PRECISION S, T
      CALL GRSEED(IJKL, I, J, K, L)
      T = 0.5D0
      DO 20 II = 1, 97
        S = 0.0D0
        T = 0.5D0
        DO 10 NB = 1, 48
          M = MOD(MOD(I*J, 179)*K, 179)
          I = J
          J = K
          K = M
          L = MOD(53*L + 1, 169)
          IF (MOD(L*M, 64) .GE. 32) S = S + T
          T = 0.5D0*T
   10   CONTINUE
        U(II) = S
   20 CONTINUE
      TLAST = T
      END

C One REAL RANMAR step, raw output in UNI (no zero policy).
      SUBROUTINE GRST24(U, I97, J97, C, UNI)
      IMPLICIT NONE
      REAL U(97), C, UNI
      INTEGER I97, J97
      REAL CD, CM
      PARAMETER (CD = 7654321.0/16777216.0)
      PARAMETER (CM = 16777213.0/16777216.0)
      UNI = U(I97) - U(J97)
      IF (UNI .LT. 0.0) UNI = UNI + 1.0
      U(I97) = UNI
      I97 = I97 - 1
      IF (I97 .EQ. 0) I97 = 97
      J97 = J97 - 1
      IF (J97 .EQ. 0) J97 = 97
      C = C - CD
      IF (C .LT. 0.0) C = C + CM
      UNI = UNI - C
      IF (UNI .LT. 0.0) UNI = UNI + 1.0
      END

C Discard NTOT2*10**9 + NTOT REAL steps: NTOT2+1 passes, the last one
C of NTOT steps (the originals' skip loop). Negative counts: that pass
C does nothing.
      SUBROUTINE GRSKP4(U, I97, J97, C, NTOT, NTOT2)
      IMPLICIT NONE
      REAL U(97), C
      INTEGER I97, J97, NTOT, NTOT2
      INTEGER IPASS, NSTEP, N
      REAL UNI
      DO 20 IPASS = 1, NTOT2 + 1
        NSTEP = 1000000000
        IF (IPASS .EQ. NTOT2 + 1) NSTEP = NTOT
        DO 10 N = 1, NSTEP
          CALL GRST24(U, I97, J97, C, UNI)
   10   CONTINUE
   20 CONTINUE
      END

C One DOUBLE PRECISION step with 24-bit carry constants CD, CM given.
      SUBROUTINE GRST48(U, I97, J97, C, CD, CM, UNI)
      IMPLICIT NONE
      DOUBLE PRECISION U(97), C, CD, CM, UNI
      INTEGER I97, J97
      UNI = U(I97) - U(J97)
      IF (UNI .LT. 0.0D0) UNI = UNI + 1.0D0
      U(I97) = UNI
      I97 = I97 - 1
      IF (I97 .EQ. 0) I97 = 97
      J97 = J97 - 1
      IF (J97 .EQ. 0) J97 = 97
      C = C - CD
      IF (C .LT. 0.0D0) C = C + CM
      UNI = UNI - C
      IF (UNI .LT. 0.0D0) UNI = UNI + 1.0D0
      END

C Discard NSTEP DOUBLE PRECISION steps (loop inlined: used for the
C 10**9-step pass of a CORSIKA skip).
      SUBROUTINE GRSK48(U, I97, J97, C, CD, CM, NSTEP)
      IMPLICIT NONE
      DOUBLE PRECISION U(97), C, CD, CM
      INTEGER I97, J97, NSTEP, N
      DOUBLE PRECISION UNI
      DO 10 N = 1, NSTEP
        UNI = U(I97) - U(J97)
        IF (UNI .LT. 0.0D0) UNI = UNI + 1.0D0
        U(I97) = UNI
        I97 = I97 - 1
        IF (I97 .EQ. 0) I97 = 97
        J97 = J97 - 1
        IF (J97 .EQ. 0) J97 = 97
        C = C - CD
        IF (C .LT. 0.0D0) C = C + CM
   10 CONTINUE
      END
